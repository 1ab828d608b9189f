// #39 GET /api/v2.2/orders/search/ by a phone as people type it (spaces, dashes, brackets, a leading
// plus, the Russian 8-prefix), matched on the last 10 digits of the stored phone, and by `name` (2-100
// characters, any case, ё and е alike); only the caller's locations, as the phone search always was.
// And GET /api/v2.1/booking/sellers/: the booking form's seller chosen by name, readable by a cashier.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';

let h: Harness;
let w: World;
const ids: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
  const game = w.games['Beat Saber']!;
  // The same subscriber number typed three ways (#40: the 8-prefixed one is stored as +7…, the 10 digits as typed).
  ids.plus7 = await book(w, bookingBody(w.pg.cube2, '2030-06-03 10:00', { phone: '+79161234567', name: 'Фёдор Ёлкин' }));
  ids.eight = await book(w, bookingBody(w.pg.cube2, '2030-06-03 11:00', { phone: '89161234567', name: 'ФЕДОР ЕЛКИН' }));
  ids.bare = await book(w, bookingBody(w.pg.cube2, '2030-06-03 12:00', { phone: '9161234567', name: 'Anna Zyxwort' }));
  ids.other = await book(w, bookingBody(w.pg.cube2, '2030-06-03 13:00', { phone: '+79169990000', name: 'Пётр Ызнаев 100%_Ok' }));
  // Location 2: the staff user has no role there; the admin has.
  ids.foreign = await book(w, bookingBody(w.pg.foreign, '2030-06-03 10:00', { phone: '+79161234567', name: 'Фёдор Ёлкин', game_id: game }), w.tokens.admin);
});
afterAll(async () => { await h.close(); });

const search = (query: string, token = w.tokens.staff, lang = 'en') => h.call('GET', `/api/v2.2/orders/search/?${query}`, { token, lang });
const found = async (query: string, token = w.tokens.staff) => {
  const res = await search(query, token);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return ((res.json() as { results: Json[] }).results.map((r) => r.order_id as number)).sort((a, b) => a - b);
};
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

describe('search by a typed phone (#39)', () => {
  it('reads spaces, dashes, brackets, a plus and an 8-prefix, and matches the last 10 digits of every stored form', async () => {
    const same = sorted(ids.plus7!, ids.eight!, ids.bare!);
    for (const typed of ['+7 (916) 123-45-67', '8 916 123 45 67', '8(916)1234567', '79161234567', '916 123-45-67', '+7 916 1234567']) {
      expect(await found(q({ phone: typed })), typed).toEqual(same);
    }
    // A part of the number is still enough, typed the same way, also its beginning with the country code.
    expect(await found(q({ phone: '123-45-67' }))).toEqual(same);
    expect(await found(q({ phone: '+7 916 123' }))).toEqual(sorted(ids.plus7!, ids.eight!));
    expect(await found(q({ phone: '999 00 00' }))).toEqual([ids.other]);
    // Another country code with the same last 10 digits is the same subscriber number to the desk.
    expect(await found(q({ phone: '+1 916 123 4567' }))).toEqual(same);
  });

  it('keeps the spec\'s named cases: empty is required, anything else than a typed phone is validationPhone', async () => {
    expect((await search('')).json()).toEqual({ phone: ['This field is required.'] });
    for (const phone of ['abc', '+', '()', '7+916', '++7916', '916#123', `+${'7'.repeat(21)}`]) {
      const res = await search(q({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toEqual({ phone: ['Digits only, with an optional leading plus'] });
    }
    const ru = await search(q({ phone: '7+916' }), w.tokens.staff, 'ru');
    expect(ru.json()).toEqual({ phone: ['Только цифры, в начале может быть плюс'] });
  });
});

describe('search by the customer\'s name (#39)', () => {
  it('finds a part of the name in any case, ё and е alike', async () => {
    const fedor = sorted(ids.plus7!, ids.eight!);
    for (const typed of ['фёдор', 'Федор', 'ФЁДОР ЁЛКИН', 'елкин', ' ёлк ']) expect(await found(q({ name: typed })), typed).toEqual(fedor);
    expect(await found(q({ name: 'ZYXWORT' }))).toEqual([ids.bare]);
    expect(await found(q({ name: 'петр ызн' }))).toEqual([ids.other]);
    // LIKE's own characters are the customer's letters, not patterns.
    expect(await found(q({ name: '100%_' }))).toEqual([ids.other]);
    expect(await found(q({ name: '%%' }))).toEqual([]);
    // With a phone too, both must hold.
    expect(await found(q({ name: 'zyxwort', phone: '916 123 45 67' }))).toEqual([ids.bare]);
    expect(await found(q({ name: 'zyxwort', phone: '999 00 00' }))).toEqual([]);
  });

  it('takes 2 to 100 characters', async () => {
    expect(await found(q({ name: 'Ёл' }))).toEqual(sorted(ids.plus7!, ids.eight!));
    expect(await found(q({ name: 'я'.repeat(100) }))).toEqual([]);
    expect((await search(q({ name: 'Ф' }))).json()).toEqual({ name: ['Ensure this field has at least 2 characters.'] });
    expect((await search(q({ name: '  ' }))).json()).toEqual({ name: ['Ensure this field has at least 2 characters.'] });
    const long = await search(q({ name: 'я'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
  });

  it('answers only the caller\'s locations, by name as by phone', async () => {
    expect(await found(q({ name: 'фёдор' }))).not.toContain(ids.foreign);
    expect(await found(q({ phone: '+7 916 123-45-67' }))).not.toContain(ids.foreign);
    // The admin holds a role at location 2 as well.
    expect(await found(q({ name: 'фёдор' }), w.tokens.admin)).toEqual(sorted(ids.plus7!, ids.eight!, ids.foreign!));
    expect(await found(q({ phone: '8 (916) 123-45-67' }), w.tokens.admin)).toEqual(sorted(ids.plus7!, ids.eight!, ids.bare!, ids.foreign!));
    expect((await h.call('GET', `/api/v2.2/orders/search/?${q({ name: 'фёдор' })}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v2.1/booking/sellers/: the booking form\'s sellers by name (#39)', () => {
  it('lists the location\'s staff to any role there, a cashier without the certificate permission too', async () => {
    const res = await h.call('GET', '/api/v2.1/booking/sellers/?location_id=1', { token: w.tokens.staff });
    expect(res.statusCode, res.body).toBe(200);
    const sellers = res.json() as { uid: string; name: string | null; email: string; label: string }[];
    const emails = sellers.map((s) => s.email);
    for (const who of ['admin', 'manager', 'staff'] as const) expect(emails).toContain(w.users[who].email);
    const staff = sellers.find((s) => s.email === w.users.staff.email)!;
    expect(staff).toEqual({ uid: w.users.staff.uid, name: w.users.staff.name, email: w.users.staff.email, label: w.users.staff.name ? `${w.users.staff.name} (${w.users.staff.email})` : w.users.staff.email });
    // The certificate activation's list stays behind its permission.
    expect((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: w.tokens.staff })).statusCode).toBe(403);
    // A seller picked from it books: the booking names them.
    const id = await book(w, bookingBody(w.pg.cube2, '2030-06-04 10:00', { seller: staff.uid }));
    expect((await h.call('GET', `/api/v2.2/orders/${id}/`, { token: w.tokens.staff })).json()).toMatchObject({ seller_user_id: w.users.staff.id });
  });

  it('answers only the caller\'s locations, and checks the location id', async () => {
    expect((await h.call('GET', '/api/v2.1/booking/sellers/?location_id=2', { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v2.1/booking/sellers/?location_id=2', { token: w.tokens.admin })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v2.1/booking/sellers/?location_id=x', { token: w.tokens.staff })).json()).toHaveProperty('location_id');
    expect((await h.call('GET', '/api/v2.1/booking/sellers/', { token: w.tokens.staff })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v2.1/booking/sellers/?location_id=1')).statusCode).toBe(401);
  });
});

describe('#40 migration 0020: the phones stored before one form', () => {
  it('turns the clearly Russian 8- and 7-prefixed 11-digit numbers into +7…, and leaves every other stored phone as it was', async () => {
    const pool = h.database.pool;
    const legacy = ['89161230001', '79161230002', '+79161230003', '8916123', '9161230005', '+84912345678', '891612300067'];
    const made: number[] = [];
    for (const [i, phone] of legacy.entries()) {
      const id = await book(w, bookingBody(w.pg.cube2, `2030-06-04 ${10 + i}:00`, { name: `Legacy ${i}` }));
      await pool.query('UPDATE orders SET phone = $1 WHERE id = $2', [phone, id]);
      made.push(id);
    }
    await pool.query("UPDATE users SET phone = '8 916 123-00-08' WHERE email = 'manager@example.com'");
    await pool.query("UPDATE users SET phone = '89161230009' WHERE email = 'staff@example.com'");
    await pool.query("UPDATE locations SET phone = '84951234567' WHERE id = 2");
    const { rows: [cert] } = await pool.query<{ id: number }>("SELECT id FROM certificates WHERE booked_by IS NOT NULL ORDER BY id LIMIT 1");
    await pool.query(`UPDATE certificates SET booked_by = jsonb_set(booked_by, '{phone}', '"79161230010"') WHERE id = $1`, [cert!.id]);

    // The migration's own statements, run again on these rows.
    const sql = fs.readFileSync(path.join(__dirname, '../../server/db/migrations/0020_personal_data_consent.sql'), 'utf8');
    const updates = sql.split('--> statement-breakpoint').map((t) => t.trim()).filter((t) => t.startsWith('UPDATE'));
    expect(updates).toHaveLength(4);
    for (const statement of updates) await pool.query(statement);

    const { rows } = await pool.query<{ id: number; phone: string }>('SELECT id, phone FROM orders WHERE id = ANY($1) ORDER BY id', [made]);
    expect(rows.map((r) => r.phone)).toEqual(['+79161230001', '+79161230002', '+79161230003', '8916123', '9161230005', '+84912345678', '891612300067']);
    const users = (await pool.query<{ email: string; phone: string }>("SELECT email, phone FROM users WHERE email IN ('manager@example.com', 'staff@example.com') ORDER BY email")).rows;
    // A stored phone with spaces (none is since every write checked the pattern) is not clearly one: left.
    expect(users).toEqual([{ email: 'manager@example.com', phone: '8 916 123-00-08' }, { email: 'staff@example.com', phone: '+79161230009' }]);
    expect((await pool.query('SELECT phone FROM locations WHERE id = 2')).rows[0].phone).toBe('+74951234567');
    expect((await pool.query('SELECT booked_by FROM certificates WHERE id = $1', [cert!.id])).rows[0].booked_by.phone).toBe('+79161230010');
    // And the desk finds them by the number as typed.
    expect(await found(q({ phone: '8 916 123-00-01' }))).toEqual([made[0]]);
  });
});
