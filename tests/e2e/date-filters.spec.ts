// Generated from the resource registry (issue #25): every date field of every declared date-range
// filter, in ru and en, typed digit by digit as a person types. The typed day is what the field
// shows, what the address keeps and what the list is asked for; a start after the end is refused
// with the pickers' message and the list keeps its range. (An end typed into "to" used to pass
// through an earlier day — 15.01 while typing 15.11 — and the bar moved it onto the start.)
import { expect, test, type Page } from './test';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { ADMIN, dateField, langsOfGenerated, moscowDate, shownDate, signIn, typeDate } from './helpers';
import { loadDeclarations } from './declarations';

test.setTimeout(90_000);
// A date typed right after a list reload used to lose its day and month now and then ("DD.MM.2026"):
// the list's echo reset the focused field mid-typing; tests/unit/dayText.test.ts holds the rule (#28).

const LOCATION_ID = 1;
const declarations: ResourceDeclaration[] = await loadDeclarations();
const withDates = declarations.filter((d) => d.list && d.route?.scope === 'location' && d.list.filters?.some((f) => f.kind === 'dateRange'));

const text = (lang: 'ru' | 'en', key: string): string => {
  const found = key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), lang === 'ru' ? ruMessages : enMessages);
  if (typeof found !== 'string') throw new Error(`no ${lang} text ${key}`);
  return found;
};

/** The list's filter as the address keeps it. */
const urlFilter = (page: Page): Record<string, unknown> => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');

test('every list with a date range is walked here', () => {
  expect(withDates.map((d) => d.name)).toEqual(expect.arrayContaining(['location_orders', 'location_payments', 'location_sessions', 'location_certificates', 'transactions']));
});

for (const [index, d] of withDates.entries()) {
  for (const lang of langsOfGenerated(index)) {
    test(`${d.name} (${lang}): typed dates are taken as typed; a start after the end is refused`, async ({ page }) => {
      const listPath = d.api.list!.replace('{location_id}', String(LOCATION_ID));
      // The API's names of the range (payments and transactions call them date_start and date_end).
      const fromParam = d.api.filters?.date_from ?? 'date_from';
      const toParam = d.api.filters?.date_to ?? 'date_to';
      // The ranges the list was asked for, in order.
      const askedRanges: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (r.method() === 'GET' && u.pathname === listPath && !u.searchParams.has('format')) askedRanges.push(`${u.searchParams.get(fromParam)}..${u.searchParams.get(toParam)}`);
      });
      const fromField = dateField(page, text(lang, 'app.records.dateFrom'));
      const toField = dateField(page, text(lang, 'app.records.dateTo'));
      const message = page.getByText(text(lang, 'app.records.dateOrder'));
      /** The field shows the day, the address keeps the range and the list was last asked for it. */
      const expectRange = async (from: string, to: string) => {
        await expect(fromField.locator('input')).toHaveValue(shownDate(from));
        await expect(toField.locator('input')).toHaveValue(shownDate(to));
        await expect.poll(() => urlFilter(page)).toMatchObject({ date_from: from, date_to: to });
        await expect.poll(() => askedRanges.at(-1)).toBe(`${from}..${to}`);
      };
      await signIn(page, ADMIN, lang, `/locations/${LOCATION_ID}/${d.route!.path}`);
      await expect(fromField.locator('input')).not.toHaveValue('');
      // The first page is there (the table or its empty text) before anything is typed.
      await expect(page.locator('tbody tr').first().or(page.getByTestId('records-empty'))).toBeVisible();

      // Two months back to three weeks back: every digit of the end passes through other days
      // (a January one among them), none of which may stay.
      const from = moscowDate(-61);
      const to = moscowDate(-22);
      await typeDate(fromField, from);
      await expect.poll(() => askedRanges.at(-1)?.startsWith(`${from}..`)).toBe(true);
      await typeDate(toField, to);
      await expectRange(from, to);
      await expect(message).toHaveCount(0);

      // A start after the end: shown as typed, refused with the message; the list keeps a whole range.
      const late = moscowDate(-10);
      const calls = askedRanges.length;
      await typeDate(fromField, late);
      await expect(fromField.locator('input')).toHaveValue(shownDate(late));
      await expect(message).toBeVisible();
      const kept = urlFilter(page) as { date_from: string; date_to: string };
      expect(kept.date_to).toBe(to);
      expect(kept.date_from <= kept.date_to).toBe(true);
      expect(askedRanges.slice(calls).filter((r) => r.split('..')[0]! > r.split('..')[1]!)).toEqual([]);

      // A later end makes the range whole again: the message goes and the list follows.
      const end = moscowDate(-5);
      await typeDate(toField, end);
      await expectRange(late, end);
      await expect(message).toHaveCount(0);
    });
  }
}
