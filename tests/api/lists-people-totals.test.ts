// #39 The orders' totals leave cancelled orders (4, 5) out unless the status filter asks for them,
// and say so; people are named in the lists, the exports keep the spec's e-mail column and write
// the name in a column beside it (CSV and XLSX).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { csvRecords } from './csvRead';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  // The demo's transactions are the system's: one made by a person (as a manual one is).
  await h.database.pool.query(`UPDATE transactions SET user_id = (SELECT id FROM users WHERE email = 'admin@example.com')
    WHERE id = (SELECT min(id) FROM transactions WHERE location_id = 1)`);
});
afterAll(async () => { await h.close(); });

const WIDE = 'date_from=2020-01-01&date_to=2030-12-31';
const ORDERS = `/api/v2.1/locations/1/orders/?${WIDE}`;
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

async function everyOrder(query = ''): Promise<{ status: number; purchase: string; cost: string }[]> {
  const body = (await h.call('GET', `${ORDERS}${query}&limit=1000`, { token: admin })).json();
  expect(body.count).toBeLessThanOrEqual(1000);
  return body.results;
}

describe('orders totals', () => {
  it('leave cancelled orders out unless the status filter selects them, and say so', async () => {
    const rows = await everyOrder();
    const cancelled = rows.filter((r) => r.status === 4 || r.status === 5);
    expect(cancelled.filter((r) => Number(r.purchase) > 0).length, 'the demo has cancelled orders with money on them').toBeGreaterThan(0);

    const ru = (await h.call('GET', `${ORDERS}&format=totals`, { token: admin, lang: 'ru' })).json();
    const sum = (list: typeof rows) => list.reduce((n, r) => n + cents(r.purchase), 0);
    expect(cents(ru.totals[0].sums.purchase)).toBe(sum(rows.filter((r) => r.status !== 4 && r.status !== 5)));
    expect(cents(ru.totals[0].sums.purchase)).not.toBe(sum(rows));
    expect(ru.count).toBe(rows.length);
    expect(ru.totals_note).toBe('без отменённых');
    const en = (await h.call('GET', `${ORDERS}&limit=1`, { token: admin, lang: 'en' })).json();
    expect(en.totals_note).toBe('excluding cancelled');
    expect(en.totals).toEqual(ru.totals);

    // Asked for: the cancelled ones are summed, and nothing is said to be left out.
    const asked = (await h.call('GET', `${ORDERS}&status=4,6&format=totals`, { token: admin, lang: 'ru' })).json();
    expect(cents(asked.totals[0].sums.purchase)).toBe(sum(rows.filter((r) => r.status === 4 || r.status === 6)));
    expect(asked.totals_note).toBeUndefined();
  });

  it('write the XLSX totals row with what it leaves out', async () => {
    const res = await h.call('GET', `${ORDERS}&format=xlsx`, { token: admin, lang: 'ru' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Итого (без отменённых)');
    const asked = await h.call('GET', `${ORDERS}&status=4&format=xlsx`, { token: admin, lang: 'ru' });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(asked.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.getRow(book2.worksheets[0]!.rowCount).getCell(1).value).toBe('Итого');
  });
});

describe('people by name in the exports', () => {
  const cases = [
    { list: `/api/v2.1/locations/1/orders/?${WIDE}`, name: 'manager_name', email: 'manager_email', headers: { ru: ['Менеджер', 'E-mail менеджера'], en: ['Manager', 'Manager e-mail'] } },
    { list: `/api/v2.1/transactions/?date_start=2020-01-01&date_end=2030-12-31`, name: 'user_name', email: 'user_email', headers: { ru: ['Пользователь', 'E-mail пользователя'], en: ['User', 'User e-mail'] } },
    { list: `/api/v2.1/locations/1/certificates/?${WIDE}`, name: 'created_by_name', email: 'created_by', headers: { ru: ['Создал', 'E-mail создавшего'], en: ['Created by', 'Created by (e-mail)'] } },
    { list: `/api/v2.1/locations/1/certificates/?${WIDE}`, name: 'seller_user_name', email: 'seller_user', headers: { ru: ['Продавец', 'E-mail продавца'], en: ['Seller', 'Seller e-mail'] } },
  ];
  it.each(cases)('$list: $name beside $email, the name of the user with that e-mail', async ({ list, name, email, headers }) => {
    const { rows: users } = await h.database.pool.query('SELECT email, name FROM users');
    const nameOf = new Map(users.map((u: { email: string; name: string }) => [u.email, u.name || '']));
    const json = (await h.call('GET', `${list}&limit=1000`, { token: admin })).json().results as Record<string, string | null>[];
    const named = json.filter((r) => r[email]);
    expect(named.length, 'the demo has rows with a person').toBeGreaterThan(0);
    for (const r of named) expect(r[name] ?? '').toBe(nameOf.get(r[email]!));
    expect(named.some((r) => r[name]), 'some person has a name').toBe(true);

    for (const lang of ['ru', 'en'] as const) {
      const csv = csvRecords((await h.call('GET', `${list}&format=csv`, { token: admin, lang })).body);
      const at = csv[0]!.indexOf(headers[lang][0]!);
      expect(at, `${lang} CSV header`).toBeGreaterThanOrEqual(0);
      expect(csv[0]![at + 1]).toBe(headers[lang][1]);
      for (const row of csv.slice(1)) if (row[at + 1]) expect(row[at]).toBe(nameOf.get(row[at + 1]!));

      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await h.call('GET', `${list}&format=xlsx`, { token: admin, lang })).rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const col = header.indexOf(headers[lang][0]) + 1;
      expect(header[col]).toBe(headers[lang][1]);
      let checked = 0;
      sheet.eachRow((row, n) => {
        const mail = row.getCell(col + 1).value;
        if (n === 1 || typeof mail !== 'string' || !nameOf.has(mail)) return;
        expect(row.getCell(col).value ?? '').toBe(nameOf.get(mail));
        checked++;
      });
      expect(checked).toBeGreaterThan(0);
    }
  });
});
