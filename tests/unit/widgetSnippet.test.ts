// #40 The embed snippet a venue pastes (src/pages/iframe/snippet.ts), run as the venue's page runs
// it: it follows the widget's height, scrolls the page to the frame's top plus the offset the widget
// asks for (after the height), and ignores messages from another origin or another frame.
import { describe, expect, it } from 'vitest';
import { HEIGHT_MESSAGE, SCROLL_MESSAGE, embedSnippet, scrollTarget, widgetSrc } from '../../src/pages/iframe/snippet';

const ORIGIN = 'https://book.example';

function venuePage() {
  const frameWindow = {};
  const frame = { contentWindow: frameWindow, style: { height: '640px' }, getBoundingClientRect: () => ({ top: 300 - page.pageYOffset }) };
  let listener: ((e: unknown) => void) | null = null;
  const scrolls: number[] = [];
  const page = {
    pageYOffset: 120,
    addEventListener: (type: string, fn: (e: unknown) => void) => { if (type === 'message') listener = fn; },
    scrollTo: (_x: number, y: number) => { scrolls.push(y); },
  };
  const document = { getElementById: (id: string) => (id === 'venue-widget-3' ? frame : null) };
  const code = embedSnippet(ORIGIN, widgetSrc(ORIGIN, 3, null, 'en'), 'venue-widget-3', 'Booking');
  const script = /<script>([\s\S]*)<\/script>/.exec(code)![1]!;
  new Function('window', 'document', script)(page, document);
  const send = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) => listener!({ origin, source, data });
  return { frame, scrolls, send, code };
}

describe('the embed snippet (#40)', () => {
  it('frames the widget and sizes the frame to its height', () => {
    const { frame, send, code } = venuePage();
    expect(code).toContain(`<iframe id="venue-widget-3" src="${ORIGIN}/widget/?location=3&lang=en"`);
    send({ type: HEIGHT_MESSAGE, height: 1480 });
    expect(frame.style.height).toBe('1480px');
  });

  it('scrolls the page to the frame\'s top plus the offset the widget asks for', () => {
    const { scrolls, send } = venuePage();
    send({ type: HEIGHT_MESSAGE, height: 1480 });
    send({ type: SCROLL_MESSAGE, top: 900 });
    // The frame starts 300 px down the page (180 px below the viewport's top at a scroll of 120).
    expect(scrolls).toEqual([1200]);
    expect(scrollTarget(180, 120, 900)).toBe(1200);
    expect(scrollTarget(180, 120, 'x')).toBeNull();
  });

  it('ignores messages from another origin, another frame or without data', () => {
    const { frame, scrolls, send } = venuePage();
    send({ type: HEIGHT_MESSAGE, height: 10 }, 'https://evil.example');
    send({ type: SCROLL_MESSAGE, top: 10 }, 'https://evil.example');
    send({ type: HEIGHT_MESSAGE, height: 10 }, ORIGIN, {});
    send({ type: SCROLL_MESSAGE, top: 10 }, ORIGIN, {});
    send(null);
    expect(frame.style.height).toBe('640px');
    expect(scrolls).toEqual([]);
  });
});
