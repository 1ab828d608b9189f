// A tiny element builder: the widget has no framework, so its script stays a few kilobytes.
import { HEIGHT_MESSAGE, SCROLL_MESSAGE } from '../../domain/widgetEmbed';

type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'class') el.className = String(value);
    else if (key in el && key !== 'list' && !key.startsWith('data-') && !key.startsWith('aria-')) (el as any)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/** Replaces what a container shows. */
export function show(container: Element, ...children: Child[]): void {
  container.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}

const framed = window.parent !== window;
let lastHeight = 0;

/** Posts the page's height to the embedding page now, when it changed since the last time. */
function postHeight(): void {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight) {
    lastHeight = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  }
}

/** Posts the page's height to the page that embeds it, whenever it changes (the snippet sizes the frame). */
export function reportHeight(): void {
  if (!framed) return;
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();
}

/**
 * #40 Brings an element's top into view. In a frame the embedding page scrolls (the snippet's scroll
 * message, after the height it needs to be that tall): scrollIntoView from inside a frame scrolls the
 * venue's page as the browser sees fit, which put the form just below the screen.
 */
export function bringIntoView(el: Element): void {
  if (!framed) {
    el.scrollIntoView?.({ block: 'start' });
    return;
  }
  postHeight();
  const top = el.getBoundingClientRect().top + window.scrollY;
  window.parent.postMessage({ type: SCROLL_MESSAGE, top: Math.max(0, Math.floor(top) - 8) }, '*');
}

/** Moves the focus without scrolling (in a frame the browser would scroll the venue's page too). */
export function focusOn(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/.test(el.tagName)) el.tabIndex = -1;
  el.focus({ preventScroll: true });
}

/**
 * #40 What a screen reader hears of an action's result ("Free sessions on 30.11.2026: 12"): the one
 * polite status region of widget.html, outside the redrawn content (the whole widget used to be a
 * live region, and a day change read out some 80 buttons). The same text twice is said twice.
 */
export function announce(text: string): void {
  const region = document.getElementById('widget-status');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}
