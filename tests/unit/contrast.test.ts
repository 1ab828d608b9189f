// The payment line is small text on every card background (day view, month view, slot dialog):
// each of its colours must keep WCAG AA's 4.5:1 there, whatever the data on screen (axe in e2e sees
// only the kinds the demo data happens to show that day).
import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material';
import { ARCHIVED_COLOURS, SLOT_COLOURS } from '../../src/calendar/SlotCard';
import { paymentLineColour } from '../../src/calendar/paymentLineText';
import { theme } from '../../src/theme';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};
const palette = createTheme(theme).palette as unknown as Record<string, Record<string, string>>;
const colourOf = (path: string) => (path.startsWith('#') ? path : palette[path.split('.')[0]!]![path.split('.')[1]!]!);
/** A colour as drawn on `bg`: rgba (text.secondary) is blended over it. */
const drawn = (colour: string, bg: string) => {
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(colour);
  if (!m) return colour;
  const a = Number(m[4]);
  return `#${[1, 2, 3].map((i) => Math.round(Number(m[i]) * a + parseInt(bg.slice(2 * i - 1, 2 * i + 1), 16) * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
};

describe('payment line colours', () => {
  it('keep 4.5:1 on every card background', () => {
    const backgrounds = [...Object.values(SLOT_COLOURS).map((c) => c.bg), ARCHIVED_COLOURS.bg, '#ffffff'];
    for (const kind of ['not_paid', 'to_pay', 'paid', 'overpayment', 'none'] as const) {
      for (const bg of backgrounds) {
        const fg = drawn(colourOf(paymentLineColour(kind as never)), bg);
        expect(contrast(fg, bg), `${kind} ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

// #40 The widget's order-state badges ("Ожидает оплаты" was 3.45:1): every state's text on its
// background, read from widget.css, keeps 4.5:1; every state the widget shows has its rule or the default.
describe('the widget\'s state badges', () => {
  it('keep 4.5:1, each state', async () => {
    const fs = await import('node:fs');
    const css = fs.readFileSync(new URL('../../src/widget/widget.css', import.meta.url), 'utf8');
    const rules = [...css.matchAll(/^([^{}\n]*\.state\b[^{]*)\{([^}]*)\}/gm)].map((m) => ({
      selectors: m[1]!.split(',').map((s) => s.trim()),
      bg: /background:\s*(#[0-9a-f]{6})/i.exec(m[2]!)?.[1],
      fg: /(?:^|;)\s*color:\s*(#[0-9a-f]{6})/i.exec(m[2]!)?.[1],
    }));
    const base = rules.find((r) => r.selectors.includes('.state'))!;
    expect(base.bg && base.fg).toBeTruthy();
    const { texts } = await import('../../src/widget/texts');
    const states = ['awaiting_payment', 'payment_declined', 'booked', 'paid', 'cancelled'];
    for (const state of states) {
      expect(texts('ru')(`state_${state}` as never), state).toBeTruthy();
      const own = rules.find((r) => r.selectors.includes(`.state-${state}`));
      const bg = own?.bg ?? base.bg!;
      const fg = own?.fg ?? base.fg!;
      expect(contrast(fg, bg), `${state}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
