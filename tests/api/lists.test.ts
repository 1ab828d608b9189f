// Generated from the list declarations (server/modules/*/lists.ts): every declared list, in ru and
// en, as the demo admin at location 1 — paging, the date range, each filter with each of its
// examples (exactly the rows of the whole list that hold it, #41), the CSV and the XLSX of the same
// filtered list (header = the declared labels, as many rows as the list counts, typed XLSX cells
// that agree with the CSV's text), the sort on every sortable column
// both ways (ordered as PostgreSQL orders the values, pages that neither repeat nor skip a row), and
// the totals of the money columns against the sum over all pages. A new declaration is tested here
// without a line of test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredLists, orderingChoices, totalledColumns, type ListDeclaration, type ListTotals } from '../../server/platform/lists';
import { createHarness, type Harness } from './harness';
import { readXlsx, serialToText } from './xlsxRead';
import { csvRecords } from './csvRead';
import { NUMBER_MARKS } from '../../domain/money';

let h: Harness;
let admin: string;
const lists = await declaredLists();

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
});
afterAll(async () => { await h.close(); });

const pathOf = (d: ListDeclaration) => d.path.replace(':id', '1');
const url = (d: ListDeclaration, query: Record<string, string>) => `${pathOf(d)}?${new URLSearchParams(query)}`;
/** The whole demo period (orders from ten days ago to two weeks ahead, ledgers, certificates). */
const wide = (d: ListDeclaration): Record<string, string> => (d.dateRange ? { [d.dateRange.from]: '2020-01-01', [d.dateRange.to]: '2030-12-31' } : {});

/** The values of one field of the rows. */
const values = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key]);

async function json(d: ListDeclaration, query: Record<string, string>, lang = 'en'): Promise<{ count: number; results: Record<string, unknown>[]; totals?: ListTotals[]; totals_note?: string }> {
  const res = await h.call('GET', url(d, d.paging === 'limit-offset' ? { limit: '1000', ...query } : query), { token: admin, lang });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return d.paging === 'limit-offset' ? body : { count: body.length, results: body };
}

/** The number a CSV money cell writes ("1 000,00 ₽", "$1,000.00", "-150,00 у.е."): the marks of domain/money.ts. */
function amountOf(text: string, lang: 'ru' | 'en'): number {
  const { group, decimal } = NUMBER_MARKS[lang];
  const number = /-?\d[\d\u00a0 .,]*\d|-?\d/.exec(text)?.[0] ?? '';
  const sign = text.trimStart().startsWith('-') || /^\D+-/.test(text) ? -1 : 1;
  return sign * Math.abs(Number(number.split(group).join('').replace(decimal, '.')));
}

/** The currency a CSV money cell names: the cell without its number ("1 000,00 ₽" -> "₽"); '' for a bare amount. */
const currencyOf = (text: string) => text.replace(/-?\d[\d\u00a0 .,]*\d|\d/, '').replace(/^-/, '').trim();

/** The number format code of a cell style in the workbook's styles.xml. */
function formatOf(parts: Map<string, string>, style: number): string {
  const styles = parts.get('xl/styles.xml')!;
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '').matchAll(/<xf\b[^>]*?numFmtId="(\d+)"/g)].map((m) => m[1]);
  const id = xfs[style];
  const code = new RegExp(`<numFmt numFmtId="${id}" formatCode="([^"]*)"`).exec(styles)?.[1] ?? '';
  return code.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** The list, its CSV and its XLSX for one filter, in one language: the same rows, the declared headers, typed cells. */
async function exportsAgree(d: ListDeclaration, query: Record<string, string>, lang: 'ru' | 'en') {
  const { count } = await json(d, query, lang);
  const { totals } = await totalsOf(d, query);
  const exported = d.columns.filter((c) => c.label);
  const headers = exported.map((c) => c.label![lang]);

  const csv = await h.call('GET', url(d, { ...query, format: 'csv' }), { token: admin, lang });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${d.file}[^"]*\\.csv"$`));
  const records = csvRecords(csv.body);
  expect(records[0]).toEqual(headers);
  expect(records.length - 1).toBe(count);
  for (const record of records) expect(record).toHaveLength(headers.length);

  const xlsx = await h.call('GET', url(d, { ...query, format: 'xlsx' }), { token: admin, lang });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(xlsx.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${d.file}[^"]*\\.xlsx"$`));
  const { rows: sheetRows, sheet, parts } = readXlsx(xlsx.rawPayload);
  // The totals: one row per currency under the list's rows, outside its autofilter, the label first.
  const rows = sheetRows.slice(0, sheetRows.length - totals.length);
  expect(rows[0]!.map((c) => c.value)).toEqual(headers);
  expect(rows.length - 1).toBe(count);
  expect(sheet).toContain(`<autoFilter ref="A1:${String.fromCharCode(64 + Math.min(headers.length, 26))}`);
  for (const [i, row] of sheetRows.slice(rows.length).entries()) {
    // What the totals leave out, when they leave something out (#39: cancelled orders).
    const note = d.totalsExcept && !(d.totalsExcept.filter in query) ? ` (${d.totalsExcept.note[lang]})` : '';
    expect(row[0]!.value).toBe(`${lang === 'ru' ? 'Итого' : 'Total'}${note}`);
    for (const [c, column] of exported.entries()) {
      if (!(column.key in totals[i]!.sums)) continue;
      expect(Number(row[c]!.value), `${column.key} total in the XLSX`).toBe(Number(totals[i]!.sums[column.key]));
      // In its currency's number format, as the column's cells.
      if (totals[i]!.currency) expect(formatOf(parts, row[c]!.style)).toMatch(/[^#0,.]/);
    }
  }
  expect(sheet).toContain('state="frozen"');
  expect(sheet).toContain(`<autoFilter ref="A1:`);
  expect(parts.get('xl/workbook.xml')).toContain(`name="${d.title[lang]}"`);
  // Each cell typed by its column's kind, and saying what the CSV says.
  for (const [r, row] of rows.slice(1).entries()) {
    expect(row).toHaveLength(headers.length);
    for (const [i, column] of exported.entries()) {
      const cell = row[i]!;
      const text = records[r + 1]![i]!;
      if (cell.value === null) { expect(text, `${column.key} of row ${r + 1}`).toBe(''); continue; }
      switch (column.kind) {
        case 'int':
          expect(cell.type).toBeNull();
          expect(cell.value).toBe(text);
          break;
        case 'money': {
          // Each amount names its currency (issue #25: RUB and USD mixed in one column with none
          // anywhere): the CSV cell carries the sign, the XLSX cell's number format the same sign.
          const sign = currencyOf(text);
          expect(sign, `${column.key} of row ${r + 1}: "${text}" has no currency`).not.toBe('');
          expect(cell.type).toBeNull();
          expect(formatOf(parts, cell.style), `${column.key} of row ${r + 1}: the number format`).toContain(sign);
          expect(Number(cell.value)).toBe(amountOf(text, lang));
          break;
        }
        case 'datetime': {
          expect([cell.type, cell.style]).toEqual([null, 1]);
          const [dd, mm, yyyy, time] = text.split(/[. ]/);
          expect(serialToText(cell.value)).toBe(`${yyyy}-${mm}-${dd} ${time}`);
          break;
        }
        case 'date':
          expect([cell.type, cell.style]).toEqual([null, 2]);
          break;
        case 'bool':
          expect(cell.type).toBe('b');
          expect(cell.value === '1' ? ['Да', 'Yes'] : ['Нет', 'No']).toContain(text);
          break;
        default:
          // A coded column's labels are shared strings (written once for the sheet); any other text an inline string.
          expect(cell.type, `${column.key} of row ${r + 1}`).toBe(column.labels && Object.values(column.labels).some((l) => l[lang] === cell.value) ? 's' : 'inlineStr');
          // The CSV neutralises formulas with a leading '; the sheet's inline strings are never formulas.
          expect(text.replace(/(^|[,;\t|\r\n] *)'([=+\-@\t\r])/g, '$1$2')).toBe(cell.value);
          if (column.kind === 'enum' && column.labels) {
            expect(Object.values(column.labels).map((l) => l[lang]), `${column.key}: a code without its label`).toContain(cell.value);
          }
      }
    }
  }
  return count;
}

/** The count and the totals of a filtered list (`format=totals`, the page's own for a paged list). */
async function totalsOf(d: ListDeclaration, query: Record<string, string>): Promise<{ count: number; totals: ListTotals[] }> {
  const res = await h.call('GET', url(d, { ...query, format: 'totals' }), { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every row of a list in one order, read page by page (a third of the list each) when it pages. */
async function everyRow(d: ListDeclaration, query: Record<string, string>): Promise<Record<string, unknown>[]> {
  if (d.paging === 'array') return (await json(d, query)).results;
  const { count } = await json(d, { ...query, limit: '1' });
  const size = Math.max(1, Math.ceil(count / 3));
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; offset < count; offset += size) rows.push(...(await json(d, { ...query, limit: String(size), offset: String(offset) })).results);
  return rows;
}

/** The SQL type that orders a column's JSON values as the list's SQL orders them. */
function sqlType(d: ListDeclaration, key: string): string {
  const column = d.columns.find((c) => c.key === key)!;
  switch (column.kind) {
    case 'int': return 'bigint';
    case 'money': return 'numeric';
    case 'bool': return 'boolean';
    case 'date': return 'date';
    case 'datetime': return 'timestamp';
    case 'enum': return Object.keys(column.labels ?? {}).every((code) => /^\d+$/.test(code)) ? 'int' : 'text';
    default: return 'text';
  }
}

/** The values sorted by PostgreSQL itself (its collation for texts), ascending, NULLs last. */
async function sortedByPostgres(values: unknown[], type: string): Promise<unknown[]> {
  const { rows } = await h.database.pool.query(`SELECT v::text AS v FROM unnest($1::text[]) AS v ORDER BY v::${type} ASC`, [values.map((v) => (v === null ? null : String(v)))]);
  return rows.map((r: { v: string | null }) => r.v);
}

/** Cents of a decimal amount ("-150.50" -> -15050): sums without floating point. */
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

describe.each(lists.map((d) => [d.path, d] as const))('%s', (_path, d) => {
  it('describes its columns in the API document by the labels the screen and the exports show', async () => {
    const doc = (await h.call('GET', '/api/docs/json')).json();
    const ref = (node: any): any => (node?.$ref ? ref(node.$ref.replace('#/', '').split('/').reduce((n: any, k: string) => n[k], doc)) : node);
    const documented = ref(doc.paths[d.path.replace(/:(\w+)/g, '{$1}')].get.responses['200'].content['application/json'].schema);
    // The list or, with format=totals, only its sums (#27 lists): the list is the first of the two.
    const answer = ref(documented.anyOf?.[0] ?? documented.oneOf?.[0] ?? documented);
    const record = ref(d.paging === 'array' ? answer.items : answer.properties.results.items);
    for (const c of d.columns.filter((x) => x.label && !x.exportOnly)) {
      const text: string = ref(record.properties[c.key])?.description ?? '';
      expect(text, `${c.key}`).toContain(c.label!.en);
      expect(text, `${c.key}`).toContain(c.label!.ru);
      for (const word of Object.values(c.labels ?? {})) expect(text, `${c.key}: its codes' words`).toContain(word.en);
    }
  });

  it('pages the list as declared', async () => {
    const all = await json(d, wide(d));
    expect(all.count, 'the demo data has rows for every list').toBeGreaterThan(0);
    expect(all.results).toHaveLength(Math.min(all.count, 1000));
    if (!d.json) for (const c of d.columns.filter((c) => !c.exportOnly)) expect(all.results[0]).toHaveProperty(c.key);
    if (d.paging === 'limit-offset') {
      // In the same language as `all`: a list may answer words in the caller's language (#28 activity's text).
      const page = await h.call('GET', url(d, { ...wide(d), limit: '2', offset: '1' }), { token: admin, lang: 'en' });
      expect(page.json()).toEqual({ count: all.count, results: all.results.slice(1, 3), ...('totals' in all ? { totals: all.totals } : {}), ...('totals_note' in all ? { totals_note: all.totals_note } : {}) });
      expect((await h.call('GET', url(d, { limit: '0' }), { token: admin })).statusCode).toBe(400);
    }
    expect((await h.call('GET', url(d, { unknown: '1' }), { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', url(d, { format: 'pdf' }), { token: admin })).statusCode).toBe(400);
  });

  it.runIf(Boolean(d.dateRange))('filters by the date range and refuses an end before the start', async () => {
    const { from, to } = d.dateRange!;
    const all = await json(d, wide(d));
    const none = await json(d, { [from]: '2001-01-01', [to]: '2001-01-02' });
    expect(none.count).toBe(0);
    const reversed = await h.call('GET', url(d, { [from]: '2026-03-05', [to]: '2026-03-01' }), { token: admin, lang: 'en' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ [to]: ['The end date must not be before the start date.'] });
    for (const format of ['csv', 'xlsx']) {
      expect((await h.call('GET', url(d, { [from]: '2026-03-05', [to]: '2026-03-01', format }), { token: admin })).statusCode).toBe(400);
    }
    expect(all.count).toBeGreaterThan(none.count);
  });

  for (const [name, filter] of Object.entries(d.filters ?? {})) {
    it(`filters by ${name} (${filter.examples.join(' | ')}): exactly the rows that hold each value, and a value outside the schema is refused`, async () => {
      const all = await json(d, wide(d));
      // #41 At least two values, each the list's rows that hold it and no other: a filter whose SQL
      // ignores its value, or always uses one example's, keeps rows another value does not hold.
      expect(filter.examples.length, `${d.path}: give the ${name} filter two or more \`examples\` (server/platform/lists.ts ListFilter)`).toBeGreaterThanOrEqual(2);
      let leavesOut = false;
      for (const value of filter.examples) {
        const some = await json(d, { ...wide(d), [name]: value });
        const holding = all.results.filter((row) => filter.holds(row, value));
        expect(holding.length, `${d.path}: no demo row holds ${name}=${value} (add one to the seed, or choose another example)`).toBeGreaterThan(0);
        const answered = new Set(some.results.map((r) => JSON.stringify(r)));
        const expected = new Set(holding.map((r) => JSON.stringify(r)));
        const wrong = { answered_but_not_holding: [...answered].filter((r) => !expected.has(r)), holding_but_not_answered: [...expected].filter((r) => !answered.has(r)) };
        expect({ answered_but_not_holding: wrong.answered_but_not_holding.length, holding_but_not_answered: wrong.holding_but_not_answered.length },
          `${d.path}: ${name}=${value} answers ${some.count} rows, the whole list has ${holding.length} that hold it (its declared \`holds\`); e.g. `
          + `${[...wrong.answered_but_not_holding, ...wrong.holding_but_not_answered].slice(0, 2).join(' ')}`)
          .toEqual({ answered_but_not_holding: 0, holding_but_not_answered: 0 });
        expect(some.count).toBe(holding.length);
        if (some.count < all.count) leavesOut = true;
      }
      expect(leavesOut, `${d.path}: no example of ${name} leaves a demo row out (add one to the seed, or choose another example)`).toBe(true);
      expect((await h.call('GET', url(d, { [name]: 'x'.repeat(300) }), { token: admin })).statusCode).toBe(400);
    });
  }

  for (const ordering of (d.sorting?.columns ?? [])) {
    it(`sorts by ${ordering} both ways, the same in the JSON and the exports, every row once`, async () => {
      const asc = await everyRow(d, { ...wide(d), ordering });
      const desc = await everyRow(d, { ...wide(d), ordering: `-${ordering}` });
      expect(asc.length).toBeGreaterThan(1);
      expect(asc[0], `${ordering} is a field of the JSON rows`).toHaveProperty(ordering);
      // Every row once (the unique tie-breaker: pages neither repeat nor skip one), and descending is
      // ascending reversed, ties included.
      const ids = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r));
      expect(new Set(ids(asc)).size).toBe(asc.length);
      expect(ids(desc)).toEqual(ids(asc).reverse());
      // Ordered by the column's value. A list over several locations shows each row's time on its
      // own location's clock: those times are compared per location.
      const type = sqlType(d, ordering);
      const groups = new Map<unknown, Record<string, unknown>[]>();
      for (const row of asc) {
        const group = type === 'timestamp' ? row.location_id : undefined;
        groups.set(group, [...(groups.get(group) ?? []), row]);
      }
      for (const rows of groups.values()) {
        const values = rows.map((r) => (r[ordering] === null ? null : String(r[ordering])));
        expect(values, `${d.path} ordering=${ordering}`).toEqual(await sortedByPostgres(values, type));
      }
      // Only a column whose demo values differ proves anything.
      expect(values(asc, ordering), `${d.path}: every demo row has the same ${ordering} (add one to the seed)`).not.toEqual(values(desc, ordering));
      // The CSV follows the same order (one line per row, in the JSON's order of ids).
      const csv = csvRecords((await h.call('GET', url(d, { ...wide(d), ordering: `-${ordering}`, format: 'csv' }), { token: admin, lang: 'en' })).body);
      const idAt = csv[0]!.indexOf('ID');
      if (idAt >= 0 && 'id' in desc[0]!) expect(csv.slice(1).map((r) => Number(r[idAt]))).toEqual(desc.map((r) => r.id));
    }, 60_000);
  }

  it('refuses to sort by a column it does not declare sortable, in ru and en', async () => {
    const refused = [
      ...d.columns.map((c) => c.key).filter((key) => !d.sorting?.columns.includes(key)), 'unknown', '--id', 'id,created',
    ].filter((value) => !orderingChoices(d).includes(value));
    for (const ordering of refused) {
      for (const format of ['json', 'csv', 'xlsx']) {
        const en = await h.call('GET', url(d, { ordering, format }), { token: admin, lang: 'en' });
        expect(en.statusCode, `${d.path} ordering=${ordering}`).toBe(400);
        expect(en.json()).toEqual({ ordering: ['Not a valid choice.'] });
      }
      const ru = await h.call('GET', url(d, { ordering }), { token: admin, lang: 'ru' });
      expect(ru.json()).toEqual({ ordering: ['Недопустимый вариант.'] });
    }
  });

  it.runIf(totalledColumns(d).length > 0)('totals its money columns over every page, whole and filtered, by currency', async () => {
    const summed = totalledColumns(d).map((c) => c.key);
    const [name, filter] = Object.entries(d.filters ?? {})[0] ?? [];
    for (const query of [wide(d), ...(name ? [{ ...wide(d), [name]: filter!.examples[0] }] : [])]) {
      const rows = await everyRow(d, query);
      const { count, totals } = await totalsOf(d, query);
      expect(count).toBe(rows.length);
      // The rows' own currency when they carry one, else the list's one currency.
      const expected = new Map<string | null, Record<string, number>>();
      // #39 Rows the totals leave out unless their filter is given (cancelled orders), and the note saying so.
      const excepted = d.totalsExcept && !(d.totalsExcept.filter in query) ? d.totalsExcept : undefined;
      expect((await h.call('GET', url(d, { ...query, format: 'totals' }), { token: admin, lang: 'en' })).json().totals_note).toBe(excepted?.note.en);
      for (const row of rows) {
        if (excepted?.row(row)) continue;
        const currency = (row.currency ?? totals[0]?.currency ?? null) as string | null;
        const sums = expected.get(currency) ?? Object.fromEntries(summed.map((k) => [k, 0]));
        for (const key of summed) sums[key]! += cents(row[key]);
        expected.set(currency, sums);
      }
      expect(Object.fromEntries(totals.map((t) => [String(t.currency), Object.fromEntries(Object.entries(t.sums).map(([k, v]) => [k, cents(v)]))])),
        `${d.path} ${JSON.stringify(query)}`).toEqual(Object.fromEntries([...expected].map(([c, s]) => [String(c), s])));
      // A paged list carries the same totals in each page.
      if (d.paging === 'limit-offset') expect((await json(d, { ...query, limit: '1', offset: '1' })).totals).toEqual(totals);
    }
    // Nothing in range: no totals.
    if (d.dateRange) expect((await totalsOf(d, { [d.dateRange.from]: '2001-01-01', [d.dateRange.to]: '2001-01-02' })).totals).toEqual([]);
  }, 60_000);

  for (const lang of ['ru', 'en'] as const) {
    it(`exports the same rows as CSV and XLSX in ${lang}, whole and filtered`, async () => {
      expect(await exportsAgree(d, wide(d), lang)).toBeGreaterThan(0);
      for (const [name, filter] of Object.entries(d.filters ?? {})) await exportsAgree(d, { ...wide(d), [name]: filter.examples[0] }, lang);
    }, 60_000);
  }
});

it('exports write what the screens show: the payer by name, the location in the caller\'s language', async () => {
  const byPath = (p: string) => lists.find((d) => d.path === p)!;
  // Payments: the screen's "User" is the name (the e-mail when there is none).
  const payments = byPath('/api/v2.1/locations/:id/payments/');
  const rows = (await json(payments, wide(payments))).results as { user: { name: string; email: string } | null }[];
  const csv = csvRecords((await h.call('GET', url(payments, { ...wide(payments), format: 'csv' }), { token: admin, lang: 'en' })).body);
  const userAt = csv[0]!.indexOf('User');
  expect(csv.slice(1).map((r) => r[userAt])).toEqual(rows.map((r) => (r.user ? r.user.name || r.user.email : '')));
  expect(rows.some((r) => r.user?.name)).toBe(true);
  // Transactions: the location as the list's filter and column name it in the caller's language.
  const transactions = byPath('/api/v2.1/transactions/');
  for (const lang of ['ru', 'en'] as const) {
    const names = new Map(((await h.call('GET', '/api/v2.1/locations/concise_list/', { token: admin, lang })).json() as { id: number; name: string }[]).map((l) => [l.id, l.name]));
    const page = (await json(transactions, wide(transactions), lang)).results as { location_id: number }[];
    const records = csvRecords((await h.call('GET', url(transactions, { ...wide(transactions), limit: '1000', format: 'csv' }), { token: admin, lang })).body);
    const at = records[0]!.indexOf(lang === 'en' ? 'Location' : 'Локация');
    expect(records.slice(1).map((r) => r[at])).toEqual(page.map((t) => names.get(t.location_id)));
  }
});

it('finds every list module', () => {
  expect(lists.map((d) => d.path).sort()).toEqual(expect.arrayContaining([
    '/api/v2.1/locations/:id/certificates/', '/api/v2.1/locations/:id/launcher_sessions/', '/api/v2.1/locations/:id/orders/',
    '/api/v2.1/locations/:id/payments/', '/api/v2.1/transactions/',
  ]));
});
