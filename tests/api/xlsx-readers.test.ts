// #39 Every list's XLSX export read back by exceljs, a strict reader (it refuses rows and cells
// without their `r` references, which LibreOffice forgives): walked from the list registry as
// lists.test.ts does, so a new list is read back without a new test. Checks what a manager sees
// when the file opens: the headers, an amount as a number in its currency's money format (built by
// domain/money.ts's rule), a date-time as a date, the totals row saying what it sums.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredLists, type ListDeclaration } from '../../server/platform/lists';
import { currencyFormatCode } from '../../server/platform/xlsx';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
const lists = await declaredLists();

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
});
afterAll(async () => { await h.close(); });

const wide = (d: ListDeclaration): Record<string, string> => (d.dateRange ? { [d.dateRange.from]: '2020-01-01', [d.dateRange.to]: '2030-12-31' } : {});

async function workbook(d: ListDeclaration, lang: 'ru' | 'en'): Promise<ExcelJS.Worksheet> {
  const res = await h.call('GET', `${d.path.replace(':id', '1')}?${new URLSearchParams({ ...wide(d), format: 'xlsx' })}`, { token: admin, lang });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0]!;
}

describe.each(lists.map((d) => [d.path, d] as const))('%s', (_path, d) => {
  for (const lang of ['ru', 'en'] as const) {
    it(`opens in exceljs in ${lang}: headers, typed cells, money formats`, async () => {
      const sheet = await workbook(d, lang);
      const exported = d.columns.filter((c) => c.label);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(exported.map((c) => c.label![lang]));
      expect(sheet.rowCount, `${d.path}: the demo has rows`).toBeGreaterThan(1);
      let money = 0;
      let dates = 0;
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const first = row.getCell(1).value;
        const totalsRow = typeof first === 'string' && /^(Итого|Total)/.test(first);
        for (const [i, column] of exported.entries()) {
          const cell = row.getCell(i + 1);
          if (cell.value === null || cell.value === undefined) continue;
          if (totalsRow && i === 0) continue;
          switch (column.kind) {
            case 'money':
              expect(typeof cell.value, `${column.key} row ${n}`).toBe('number');
              // The currency sign where the currency's rule puts it (the format of domain/money.ts's rule).
              expect(cell.numFmt, `${column.key} row ${n}`).toMatch(/#,##0\.00/);
              expect(cell.numFmt).toMatch(/"[^"]+"/);
              money++;
              break;
            case 'datetime':
            case 'date':
              expect(cell.value, `${column.key} row ${n}`).toBeInstanceOf(Date);
              expect(cell.numFmt).toMatch(/dd\.mm\.yyyy/);
              dates++;
              break;
            case 'int':
              expect(typeof cell.value, `${column.key} row ${n}`).toBe('number');
              break;
            case 'bool':
              expect(typeof cell.value).toBe('boolean');
              break;
            default:
              expect(typeof cell.value, `${column.key} row ${n}`).toBe('string');
          }
        }
      });
      if (exported.some((c) => c.kind === 'money')) expect(money).toBeGreaterThan(0);
      if (exported.some((c) => c.kind === 'datetime' || c.kind === 'date')) expect(dates).toBeGreaterThan(0);
    });
  }
});

it('writes a money format from the one currency rule: RUB after with a space, USD before without', () => {
  expect(currencyFormatCode({ code: 'RUB', unicode: '₽', is_before: false, blank_place: true }, 'ru')).toBe('#,##0.00"\u00a0₽"');
  expect(currencyFormatCode({ code: 'USD', unicode: '$', is_before: true, blank_place: false }, 'en')).toBe('"$"#,##0.00');
  expect(currencyFormatCode(null, 'ru')).toBe('#,##0.00"\u00a0у.е."');
});

it('a text cell keeps &, <, > and line breaks and drops the characters XML cannot hold (exceljs reads it)', async () => {
  const [order] = (await h.database.pool.query<{ id: number }>('SELECT id FROM orders WHERE location_id = 1 ORDER BY id LIMIT 1')).rows;
  await h.database.pool.query('UPDATE orders SET promocode = $1 WHERE id = $2', ['A\u0007B\u001f & <C> "D"\nE', order!.id]);
  const res = await h.call('GET', '/api/v2.1/locations/1/orders/?format=xlsx', { token: admin, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const idColumn = header.indexOf('ID') + 1 || 1;
  const promoColumn = header.findIndex((x) => /promo/i.test(String(x))) + 1;
  expect(promoColumn).toBeGreaterThan(0);
  let found: unknown;
  sheet.eachRow((row) => { if (row.getCell(idColumn).value === order!.id) found = row.getCell(promoColumn).value; });
  expect(found).toBe('AB & <C> "D"\nE');
});
