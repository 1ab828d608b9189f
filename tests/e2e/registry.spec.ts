// Generated from the resource registry: every declared list screen, in ru and in en, as the demo
// administrator at location 1. Each declared filter is applied (the first other choice, a year of
// dates, a search text from the first row), a second page is opened when there is one, a reload
// keeps the filter (URL and inputs), and each declared export has the screen's exported column
// headers and as many data rows as the list's total. Where declared: a sortable column's header
// sorts both ways (the list call and the exports carry `ordering`, the URL keeps it), the totals row
// shows the server's sums, and a column hidden by the user stays hidden over a reload under the
// user's id. A new declaration is tested here unchanged.
import fs from 'node:fs';
import { expect, test, type Page, type Response } from './test';
import { exportedLabels, isExportedColumn, type ResourceDeclaration } from '../../src/resources/declaration';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { ADMIN, dateField, langsOfGenerated, shownDate, signIn, typeDate } from './helpers';
import { loadDeclarations } from './declarations';
import { csvRecords, xlsxSheet } from './zip';

test.setTimeout(120_000);

const LOCATION_ID = 1;
const declarations: ResourceDeclaration[] = await loadDeclarations();
const lists = declarations.filter((d) => d.list && d.route?.scope === 'location');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const yearAgo = () => { const d = new Date(); d.setFullYear(d.getFullYear() - 1); return d.toLocaleDateString('sv-SE'); };

function translator(lang: 'ru' | 'en') {
  const messages = lang === 'ru' ? ruMessages : enMessages;
  return (key: string): string => {
    const text = key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), messages);
    return typeof text === 'string' ? text : key;
  };
}

test('the registry declares the five lists of issue #14', () => {
  expect(lists.map((d) => d.name).sort()).toEqual(
    expect.arrayContaining(['location_certificates', 'location_orders', 'location_payments', 'location_sessions', 'transactions']),
  );
});

for (const [index, d] of lists.entries()) {
  for (const lang of langsOfGenerated(index)) {
    test(`${d.name} (${lang}): filters, paging, the filter kept over a reload, exports; sorting, totals, column choice`, async ({ page }) => {
      const list = d.list!;
      const t = translator(lang);
      const listPath = d.api.list!.replace('{location_id}', String(LOCATION_ID));
      const isListCall = (r: Response) => {
        const u = new URL(r.url());
        return r.request().method() === 'GET' && u.pathname === listPath && !u.searchParams.has('format');
      };
      /** Runs an action that changes the list and answers the server's total for the new params. */
      const listTotal = async (action: () => Promise<unknown>, carries?: string): Promise<number> => {
        // `carries`: a value the call must send (a date typed digit by digit passes through other dates first).
        const wanted = (r: Response) => isListCall(r) && (!carries || [...new URL(r.url()).searchParams.values()].includes(carries));
        // Bounded: a call that never comes (a date typed wrong) fails in 20 s with its reason, not at the test's 2 minutes.
        const [response] = await Promise.all([page.waitForResponse(wanted, { timeout: 20_000 }), action()]);
        const body = await response.json();
        return Array.isArray(body) ? body.length : body.count;
      };
      const rows = page.locator('tbody tr');
      const shownTotal = async () => {
        if (await page.getByTestId('records-empty').isVisible()) return 0;
        const text = (await page.locator('.MuiTablePagination-displayedRows').textContent()) ?? '';
        return Number(text.replace(/^.*(?:из|of)\s*/, '').replace(/\D/g, ''));
      };

      await signIn(page, ADMIN, lang);
      const total0 = await listTotal(() => page.goto(`/locations/${LOCATION_ID}/${d.route!.path}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(t(list.title).split('%{name}')[0]!);
      let total = total0;
      await expect.poll(shownTotal).toBe(total);

      // Layout on a desk's screen (1440 px): the filters stand in one row and a wide table scrolls
      // in its card; the page itself never scrolls sideways.
      await page.setViewportSize({ width: 1440, height: 900 });
      // Read until the screen has laid itself out for the new width (its breakpoints re-render after the resize event).
      const filterTops = () => page.getByTestId('record-filters').locator('.MuiTextField-root')
        .evaluateAll((fields) => fields.map((f) => Math.round(f.getBoundingClientRect().top)));
      await expect.poll(async () => new Set(await filterTops()).size, { message: `${d.name}: filters in one row` }).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // Each declared filter; `shown` reads back what its input shows, for the check after the reload.
      const shown: (() => Promise<string>)[] = [];
      for (const filter of list.filters ?? []) {
        if (filter.kind === 'dateRange') {
          // The app's date field (DD.MM.YYYY, typed as a person types); its hidden input holds the shown text.
          const from = dateField(page, t('app.records.dateFrom')).locator('input');
          const to = dateField(page, t('app.records.dateTo')).locator('input');
          total = await listTotal(() => typeDate(dateField(page, t('app.records.dateFrom')), yearAgo()), yearAgo());
          await expect(from).toHaveValue(shownDate(yearAgo()));
          shown.push(async () => `${await from.inputValue()}..${await to.inputValue()}`);
        } else if (filter.kind === 'search') {
          const box = page.getByRole('searchbox', { name: t(filter.label) });
          const first = total > 0 ? ((await rows.first().locator('td').first().textContent()) ?? '').trim().slice(0, 3) : '';
          const text = /^[\p{L}\p{N}]+$/u.test(first) ? first : 'a';
          total = await listTotal(() => box.fill(text));
          shown.push(() => box.inputValue());
        } else {
          const box = page.getByRole('combobox', { name: new RegExp(`^${escape(t(filter.label))}( |$)`) });
          const before = (await box.textContent()) ?? '';
          await box.click();
          const options = page.getByRole('option');
          await expect(options.first()).toBeVisible();
          // The first choice that changes something (a select's first choice is often its default).
          let pick = options.first();
          if (filter.kind === 'select') {
            const texts = (await options.allTextContents()).map((x) => x.trim());
            pick = options.nth(Math.max(0, texts.findIndex((x) => x !== before.trim())));
          }
          total = await listTotal(() => pick.click());
          if (filter.kind === 'multi') await page.keyboard.press('Escape');
          await expect(page.getByRole('listbox')).toHaveCount(0);
          shown.push(async () => (await box.textContent()) ?? '');
        }
        await expect.poll(shownTotal, { message: `total after ${filter.kind}` }).toBe(total);
        await expect(page).toHaveURL(/[?&]filter=/);
      }

      // A second page when there is one.
      const perPage = Number(new URL(page.url()).searchParams.get('perPage') ?? list.perPage ?? 10);
      if (total > perPage) {
        await listTotal(() => page.locator('.MuiPagination-ul li').last().getByRole('button').click());
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect(rows).toHaveCount(Math.min(perPage, total - perPage));
      }

      // Sorting: a sortable column other than the first sort, ascending then descending; the call
      // carries `ordering`, the URL the sort (so the reload below keeps it).
      const sortField = (d.api.ordering ?? []).find((f) => f !== list.sort?.field && list.columns.some((c) => c.source === f));
      let ordering: string | null = null;
      if (sortField && total > 0) {
        const label = page.locator(`thead th.column-${sortField} .MuiTableSortLabel-root`);
        const sortedBy = (value: string) => page.waitForResponse((r) => isListCall(r) && new URL(r.url()).searchParams.get('ordering') === value);
        await Promise.all([sortedBy(sortField), label.click()]);
        await expect(page).toHaveURL(new RegExp(`[?&]sort=${sortField}(&|$)`));
        await expect(label).toHaveClass(/Mui-active/);
        await expect(label.locator('svg')).toHaveClass(/iconDirectionAsc/);
        await Promise.all([sortedBy(`-${sortField}`), label.click()]);
        await expect(page).toHaveURL(/[?&]order=DESC(&|$)/);
        await expect(label.locator('svg')).toHaveClass(/iconDirectionDesc/);
        ordering = `-${sortField}`;
        // A column the server does not sort has no sort button.
        const fixed = list.columns.find((c) => !(d.api.ordering ?? []).includes(c.source) && !c.sortable);
        if (fixed) await expect(page.locator(`thead th.column-${fixed.source} .MuiTableSortLabel-root`)).toHaveCount(0);
      }

      // A reload keeps the address and what the inputs show; the totals the server sends for it are the totals row.
      const url = page.url();
      const before = await Promise.all(shown.map((read) => read()));
      const totalsCall = d.api.totals ? page.waitForResponse((r) => {
        const u = new URL(r.url());
        return u.pathname === listPath && u.searchParams.get('format') === (d.api.paging === 'none' ? 'totals' : null);
      }) : undefined;
      expect(await listTotal(() => page.reload())).toBe(total);
      expect(page.url()).toBe(url);
      await expect.poll(() => Promise.all(shown.map((read) => read()))).toEqual(before);
      if (totalsCall) {
        const { totals } = (await (await totalsCall).json()) as { totals: { currency: string | null; sums: Record<string, string> }[] };
        const money = list.columns.filter((c) => c.kind === 'money');
        if (total > 0) {
          // Each sum of each currency, in the column's order, under the column's label.
          const expected = totals.flatMap((t) => money.filter((c) => c.source in t.sums).map((c) => t.sums[c.source]));
          expect(expected.length, `${d.name}: the server sums a money column`).toBeGreaterThan(0);
          await expect.poll(() => page.getByTestId('list-totals').locator('[data-testid^="total-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value'))))
            .toEqual(expected);
          const first = money.find((c) => c.source in totals[0]!.sums)!;
          await expect(page.getByTestId(`total-${first.source}`).first()).toContainText(t(first.label).replace(/\u00ad/g, ''));
          await expect(page.getByTestId('list-totals').first()).toContainText(t('app.records.totals'));
        } else await expect(page.getByTestId('list-totals')).toHaveCount(0);
      }

      // Exports: the screen's exported headers, one data row per record of the filtered list.
      // The declared labels; when the table is shown (not the empty text), they are its headers too.
      // (A soft hyphen where a long header may break is no different text.)
      // A person column (#39) shows its name and exports the e-mail too, in a column after it.
      const exported = list.columns.flatMap(exportedLabels).map((label) => t(label).replace(/\u00ad/g, ''));
      if (total > 0) {
        const headers = (await page.locator('thead th').allTextContents()).map((h) => h.replace(/\u00ad/g, '').trim());
        expect(list.columns.flatMap((c, i) => (isExportedColumn(c) ? [headers[i]!] : [])), 'screen headers')
          .toEqual(list.columns.flatMap((c) => (isExportedColumn(c) ? [t(c.label).replace(/\u00ad/g, '')] : [])));
      }
      for (const format of list.exports ?? []) {
        const [download, request] = await Promise.all([
          page.waitForEvent('download'),
          page.waitForRequest((r) => new URL(r.url()).searchParams.get('format') === format),
          page.getByTestId(`export-${format}`).click(),
        ]);
        expect(download.suggestedFilename(), format).toMatch(new RegExp(`\\.${format}$`));
        // In the screen's order.
        expect(new URL(request.url()).searchParams.get('ordering'), `${format} ordering`).toBe(ordering ?? (list.sort && d.api.ordering ? `${list.sort.order === 'DESC' ? '-' : ''}${list.sort.field}` : null));
        const file = fs.readFileSync((await download.path())!);
        if (format === 'csv') {
          const [header, ...data] = csvRecords(file.toString('utf8')).filter((r) => r.some((cell) => cell !== ''));
          expect(header, 'CSV header').toEqual(exported);
          expect(data.length, 'CSV rows').toBe(total);
        } else {
          const sheet = xlsxSheet(file);
          expect(sheet.header, 'XLSX header').toEqual(exported);
          // The data rows, then one totals row per currency (outside the autofilter).
          expect(sheet.rows - sheet.totalsRows, 'XLSX rows').toBe(total);
          if (d.api.totals && total > 0) expect(sheet.totalsRows, 'XLSX totals rows').toBeGreaterThan(0);
        }
      }

      // Column choice: a column hidden stays hidden over a reload, kept under the signed-in user's id.
      const victim = list.columns[1] ?? list.columns[0]!;
      const header = page.locator(`thead th.column-${victim.source}`);
      const toggle = async () => {
        await page.getByTestId('column-choice').click();
        const items = page.getByRole('menuitemcheckbox');
        await expect(items).toHaveCount(list.columns.length);
        await items.filter({ hasText: t(victim.label).replace(/\u00ad/g, '') }).first().click();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
      };
      await toggle();
      if (total > 0) await expect(header).toHaveCount(0);
      const stored = await page.evaluate((name) => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
        return localStorage.getItem(`listColumns:${user.id}:${name}`);
      }, d.name);
      expect(JSON.parse(stored ?? '[]'), 'hidden columns kept under the user id').toEqual([victim.source]);
      await listTotal(() => page.reload());
      if (total > 0) await expect(header).toHaveCount(0);
      await expect(page.getByTestId('column-choice')).toBeVisible();
      await toggle();
      if (total > 0) await expect(header).toHaveCount(1);
    });
  }
}

/** Keeps `Page` imported for helpers written against it. */
export type { Page };
