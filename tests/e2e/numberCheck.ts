// Numbers read one way everywhere (issue #25): an amount or a count of four digits or more is
// grouped as the one formatter writes it ("3 000,00" / "3,000.00", "16 207" / "16,207"), in the
// page's text and in the values of its inputs (a prefilled amount too). A walk calls these on every
// screen it opens; they answer the problems found, so one walk reports them all at once.
//
// Not numbers of that kind, by context: years (of a date DD.MM.YYYY or standing alone), times,
// phone numbers, identifiers (an id column, a link to a record, after "№", "#", "ID", "order",
// "заказ", English "no." as in "Booking no. 1234"...), codes shown as code, hex codes (certificates), and anything inside a word.
import type { Frame, Page } from '@playwright/test';

/** What the page checks, written out so it can run in the browser (page.evaluate takes no closures). */
const SCAN = ({ skip }: { skip: string }) => {
  const found: { number: string; context: string }[] = [];
  // Four or more digits in a row, not inside a word, a code, a date, a time or a phone number.
  const NUMBER = /(?<![\p{L}\p{N}_.:/#№+\-])\d{4,}(?:[.,]\d+)?(?![\p{L}\p{N}_:/\-])/gu;
  const ID_BEFORE = /(?:№|#|\bno\.|\bID|\bid|\bорд|заказ[а-яё]*|\border[s]?|сесси[а-яё]*|\bsession[s]?|платеж[а-яё]*|платёж[а-яё]*|\bpayment[s]?|версия|version|\bкод|\bcode|uuid|token)\s*:?\s*$/i;
  const PHONE = /\+?\d[\d\s()\u00a0-]{8,}\d/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip)) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const text = node.textContent ?? '';
    const phones = [...text.matchAll(PHONE)].map((m) => [m.index!, m.index! + m[0].length] as const);
    for (const m of text.matchAll(NUMBER)) {
      const at = m.index!;
      if (phones.some(([a, b]) => at >= a && at < b)) continue;
      const digits = m[0].split(/[.,]/)[0]!;
      // A year on its own (a month "12.2026", a copyright, a schedule's season).
      if (digits.length === 4 && !/[.,]/.test(m[0]) && Number(digits) >= 1900 && Number(digits) <= 2100) continue;
      const before = text.slice(Math.max(0, at - 24), at);
      if (ID_BEFORE.test(before)) continue;
      found.push({ number: m[0], context: text.slice(Math.max(0, at - 30), at + m[0].length + 30).trim() });
    }
  }
  // Inputs: an amount or a count shown in a field (a prefilled amount), not a phone, a code or an id.
  for (const input of document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=password]):not([type=tel]):not([type=email]), textarea')) {
    if (input.closest(skip) || input.readOnly && !input.value) continue;
    const named = `${input.name} ${input.id} ${input.getAttribute('aria-label') ?? ''} ${input.dataset.testid ?? ''}`.toLowerCase();
    if (/phone|tel|id\b|_id|uuid|code|number|token|url|link|year|time/.test(named)) continue;
    if (/^-?\d{4,}(?:[.,]\d{1,2})?$/.test(input.value.trim()) && !(/^\d{4}$/.test(input.value.trim()) && Number(input.value) >= 1900 && Number(input.value) <= 2100)) {
      found.push({ number: input.value.trim(), context: `input ${named.trim() || input.outerHTML.slice(0, 80)}` });
    }
  }
  return found;
};

/** Where numbers are identifiers or code by the page's structure. */
const SKIP = [
  'td.column-id', 'td[class*="column-"][class*="_id"]', 'td.column-order', 'td.column-orders_ids', 'td.column-uuid', 'td.column-unique_number',
  'td.column-session', 'td.column-license', 'td.column-code', 'td.column-external_id', 'td.column-phone', 'td.column-number',
  'a[href*="/orders/"]', 'a[href^="tel:"]', 'code', 'pre', 'script', 'style', '[data-number-check="skip"]',
].join(', ');

/** Ungrouped numbers of four digits or more on the page (its text and inputs), each with where it was seen. */
export async function ungroupedNumbers(page: Page, where: string): Promise<string[]> {
  // The page and its frames (the statistics dashboard is a server-rendered page in a frame).
  const frames: Frame[] = page.frames();
  // A frame may go while it is read (a dashboard reloads it): it has nothing to show then; any other error is a failure.
  const found = (await Promise.all(frames.map((frame) => frame.evaluate(SCAN, { skip: SKIP })
    .catch((e: unknown) => { if (/detached|destroyed|navigat/i.test(String(e))) return []; throw e; })))).flat();
  return found.map((f) => `${where}: ungrouped number "${f.number}" in "${f.context}"`);
}
