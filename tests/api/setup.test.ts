// #28 SETUP, on an EMPTY database (no demo): the first start's setup link, the owner, `npm run owner`,
// and the locations an owner creates and edits. One database for the file, the steps in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODENAMES } from '../../domain/permissions';
import { seedReference } from '../../server/db/seed/demo';
import { ownerFromCommandLine, setupLinkIfEmpty, setupLogLine } from '../../server/modules/setup/service';
import { secretHash } from '../../server/platform/tokens';
import { createHarness, type Harness } from './harness';

let h: Harness;
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await h.database.pool.query(text, values)).rows as T[];
const tokenOf = (link: string) => link.split('/setup/')[1]!;

beforeAll(async () => {
  // Not throttled here: the limit itself is proven by throttle-matrix.test.ts.
  h = await createHarness({ demo: false, config: { loginMaxFailures: 1000 } });
  await seedReference(h.database.db); // the roles, as every start writes them
}, 120_000);
afterAll(async () => { await h?.close(); });

let owner: string;
let moscow: number;

describe('first start', () => {
  it('prints a setup link at each start until the owner exists; the link is single-use, expires, and is gone after', async () => {
    const first = (await setupLinkIfEmpty(h.database.db, h.config.publicUrl))!;
    const second = (await setupLinkIfEmpty(h.database.db, h.config.publicUrl))!;
    expect(first).toMatch(/^http:\/\/backoffice\.test\/setup\/[0-9a-f]{40}$/);
    expect(setupLogLine(first)).toContain(first);
    expect(second).not.toBe(first);
    // Only the hash is kept; both links of two starts work until one is used.
    expect((await q('select token_hash from setup_tokens')).map((r) => r.token_hash).sort()).toEqual([secretHash(tokenOf(first)), secretHash(tokenOf(second))].sort());
    expect((await h.call('GET', `/api/v2.1/setup/${tokenOf(first)}/`)).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v2.1/setup/${tokenOf(second)}/`)).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v2.1/setup/${'0'.repeat(40)}/`)).statusCode).toBe(404);

    // An expired token: refused like an unknown one.
    const expired = 'e'.repeat(40);
    await q(`insert into setup_tokens (token_hash, expires_at) values ($1, now() - interval '1 minute')`, [secretHash(expired)]);
    expect((await h.call('GET', `/api/v2.1/setup/${expired}/`)).statusCode).toBe(404);
    // #42 A dead link explains itself: wrong or expired (the same words for both), in en and ru.
    for (const dead of [expired, '0'.repeat(40), 'nonsense']) {
      expect((await h.call('GET', `/api/v2.1/setup/${dead}/`, { lang: 'en' })).json()).toEqual({ detail: 'This setup link is wrong or has expired (a link works for 24 hours). Restart the server: while there is no account, it writes a new link to its log.' });
    }
    expect((await h.call('GET', `/api/v2.1/setup/${expired}/`, { lang: 'ru' })).json().detail).toMatch(/^Ссылка первого запуска неверна или устарела/);
    const body = { name: 'Olga Owner', email: 'Owner@Example.com', password: 'secret123', password_confirm: 'secret123' };
    expect((await h.call('POST', '/api/v2.1/setup/', { body: { ...body, token: expired } })).statusCode).toBe(404);

    // The spec's password rules, in ru and en.
    const short = await h.call('POST', '/api/v2.1/setup/', { body: { ...body, token: tokenOf(first), password: '123', password_confirm: '123' }, lang: 'en' });
    expect(short.statusCode).toBe(400);
    expect(short.json().password[0]).toContain('at least 6');
    const mismatch = await h.call('POST', '/api/v2.1/setup/', { body: { ...body, token: tokenOf(first), password_confirm: 'secret124' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ password_confirm: ['Пароли не совпадают.'] });
    expect(await q('select id from users')).toEqual([]);

    const created = await h.call('POST', '/api/v2.1/setup/', { body: { ...body, token: tokenOf(first) } });
    expect(created.statusCode, created.body).toBe(201);
    owner = created.json().token;
    const me = await h.call('GET', '/api/v2.1/users/am/', { token: owner });
    expect(me.json()).toMatchObject({ email: 'owner@example.com', name: 'Olga Owner' });
    expect(await q('select is_owner from users')).toEqual([{ is_owner: true }]);
    expect(await q('select token_hash from setup_tokens')).toEqual([]);
    expect(await q(`select kind, location_id, user_id is not null as who, subject from activity_entries`))
      .toEqual([{ kind: 'setup.owner_created', location_id: null, who: true, subject: 'owner@example.com' }]);
    // The password works for signing in.
    expect((await h.call('POST', '/api/v2.1/login/', { body: { email: 'owner@example.com', password: 'secret123' } })).statusCode).toBe(200);

    // Gone once an owner exists: the other start's link, whatever the body, and no new link at a start.
    const used = await h.call('GET', `/api/v2.1/setup/${tokenOf(second)}/`, { lang: 'en' });
    expect(used.statusCode).toBe(404);
    // #42 A used link says the installation is set up (sign in), whatever the token.
    expect(used.json()).toEqual({ detail: 'This installation is already set up: its setup link has been used. Sign in with your account.' });
    expect((await h.call('GET', `/api/v2.1/setup/${'0'.repeat(40)}/`, { lang: 'ru' })).json()).toEqual({ detail: 'Установка уже настроена: ссылка первого запуска использована. Войдите со своей учётной записью.' });
    expect((await h.call('POST', '/api/v2.1/setup/', { body: { ...body, token: tokenOf(second), email: 'b@example.com' } })).statusCode).toBe(404);
    expect((await h.call('POST', '/api/v2.1/setup/', { body: { nonsense: true } })).statusCode).toBe(404);
    expect(await setupLinkIfEmpty(h.database.db, h.config.publicUrl)).toBeNull();
    expect(await q('select count(*)::int as n from users')).toEqual([{ n: 1 }]);
  });
});

describe('locations', () => {
  const moscowBody = {
    name: 'VR Москва', city: 'Москва', country: 'Россия', timezone: 'Europe/Moscow', currency: 'RUB', b2b_currency: 'USD',
    languages: ['ru', 'en'], is_park: false, is_events_available: true, allow_refill: true, is_active: true,
  };

  it('the owner creates locations (validated; city and country made once) and is their administrator with every permission; nobody else may', async () => {
    const bad = await h.call('POST', '/api/v2.1/locations/', { token: owner, lang: 'en', body: { ...moscowBody, timezone: 'Mars/Olympus', currency: 'XX', languages: ['de'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['currency', 'languages', 'timezone']);
    expect(bad.json().timezone[0]).toContain('Not a time zone');
    const unknownCode = await h.call('POST', '/api/v2.1/locations/', { token: owner, body: { ...moscowBody, b2b_currency: 'ABC' } });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json()).toEqual({ b2b_currency: ['Нет такой валюты: выберите её из списка.'] });
    expect(await q('select id from locations')).toEqual([]);

    const res = await h.call('POST', '/api/v2.1/locations/', { token: owner, body: moscowBody });
    expect(res.statusCode, res.body).toBe(201);
    moscow = res.json().id;
    expect(res.json()).toMatchObject({
      name: 'VR Москва', city: 'Москва', country: { name: 'Россия' }, timezone: 'Europe/Moscow', currency: { code: 'RUB', unicode: '₽' }, b2b_currency: { code: 'USD' },
      is_events_available: true, allow_refill: true, is_active: true, role: { id: 40, value: 40 },
    });
    expect([...res.json().permissions].sort()).toEqual([...PERMISSION_CODENAMES].sort());
    expect((await h.call('GET', '/api/v2.1/locations/my/', { token: owner })).json().map((l: { id: number }) => l.id)).toEqual([moscow]);

    // Same city and country in another case: reused, not made again.
    const second = await h.call('POST', '/api/v2.1/locations/', { token: owner, body: { ...moscowBody, name: 'VR Юг', city: 'москва', country: 'РОССИЯ', b2b_currency: null } });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().b2b_currency.code).toBe('RUB');
    expect(await q('select count(*)::int as n from cities')).toEqual([{ n: 1 }]);
    expect(await q('select count(*)::int as n from countries')).toEqual([{ n: 1 }]);
    expect(await q(`select kind, location_id from activity_entries where kind = 'location.created'`)).toHaveLength(2);

    // An administrator of both with every permission, who is not an owner: 403, nothing made.
    const admin = await h.userWithToken('admin40@example.com', [[moscow, 40], [second.json().id, 40]], PERMISSION_CODENAMES);
    const refused = await h.call('POST', '/api/v2.1/locations/', { token: admin.token, body: moscowBody });
    expect(refused.statusCode).toBe(403);
    expect(await q('select count(*)::int as n from locations')).toEqual([{ n: 2 }]);

    // Reference data of the form.
    const currencies = (await h.call('GET', '/api/v2.1/currencies/', { token: admin.token, lang: 'en' })).json();
    expect(currencies.find((c: { code: string }) => c.code === 'RUB')).toEqual({ code: 'RUB', is_before: false, blank_place: true, unicode: '₽', name: 'Russian ruble' });
    expect((await h.call('GET', '/api/v2.1/timezones/', { token: admin.token })).json()).toContain('Europe/Moscow');
  });

  it('PUT /locations/{id}/ takes the settings as well as the location info form; deactivating hides the location from the desk and the widget, reactivating brings it back', async () => {
    const before = await q<{ id: number }>(`select id from activity_entries where kind = 'location.updated'`);
    const put = await h.call('PUT', `/api/v2.1/locations/${moscow}/`, { token: owner, body: { timezone: 'Asia/Yekaterinburg', currency: 'EUR', city: 'Екатеринбург', country: 'Россия', is_active: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ timezone: 'Asia/Yekaterinburg', currency: { code: 'EUR' }, city: 'Екатеринбург', is_active: false });
    const [entry] = await q<{ before: Record<string, unknown>; after: Record<string, unknown>; location_id: number }>(
      `select before, after, location_id from activity_entries where kind = 'location.updated' and id <> all($1::bigint[])`, [before.map((b) => b.id)]);
    expect(entry!.location_id).toBe(moscow);
    expect(Object.keys(entry!.after).sort()).toEqual(['city', 'currency', 'is_active', 'timezone']);
    expect(entry!.after.city, '#42 the city by its names, not its id').toMatchObject({ ru: 'Екатеринбург' });
    expect(entry!.before).toMatchObject({ timezone: 'Europe/Moscow', currency: 'RUB', is_active: true });
    expect((await h.call('PUT', `/api/v2.1/locations/${moscow}/`, { token: owner, body: { timezone: 'Europe/Atlantis' } })).statusCode).toBe(400);

    // Hidden: out of the catalogue and the booking widget; still the owner's to see and reactivate.
    const catalogue = async () => (await h.call('GET', '/api/v2.1/locations/', { token: owner })).json().map((l: { id: number }) => l.id);
    expect(await catalogue()).not.toContain(moscow);
    expect((await h.call('GET', `/api/public/locations/${moscow}/`)).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v2.1/locations/my/', { token: owner })).json().find((l: { id: number }) => l.id === moscow).is_active).toBe(false);
    expect((await h.call('PUT', `/api/v2.1/locations/${moscow}/`, { token: owner, body: { is_active: true } })).statusCode).toBe(200);
    expect(await catalogue()).toContain(moscow);
    expect((await h.call('GET', `/api/public/locations/${moscow}/`)).statusCode).toBe(200);

    // The location info form's body, ids of GET /geo/, still works.
    const geo = (await h.call('GET', '/api/v2.1/geo/', { token: owner })).json();
    const country = geo[0];
    const city = country.cities.find((c: { name: string }) => c.name === 'Москва');
    const texts = { address: 'Тверская, 1', distance: '5 мин', opening_times: '10-22', payment_description: 'Карты', parking_description: 'Есть', description: 'Арена' };
    const info = await h.call('PUT', `/api/v2.1/locations/${moscow}/`, {
      token: owner, body: { translations: [{ language: 'ru', name: 'VR Центр', ...texts }, { language: 'en', name: 'VR Centre', ...texts }], lat: '55.75', lng: '37.61', country: country.id, city: city.id },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ name: 'VR Центр', city: 'Москва', lat: '55.750000', timezone: 'Asia/Yekaterinburg' });

    // #40 The settings form edits the name as it shows it: in English, the English name only.
    const inEnglish = await h.call('GET', `/api/v2.1/locations/${moscow}/`, { token: owner, lang: 'en' });
    expect(inEnglish.json().name).toBe('VR Centre');
    const renamed = await h.call('PUT', `/api/v2.1/locations/${moscow}/`, { token: owner, lang: 'en', body: { name: 'VR Centre Moscow', is_park: false } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('VR Centre Moscow');
    expect((await h.call('GET', `/api/v2.1/locations/${moscow}/`, { token: owner, lang: 'ru' })).json().name, 'the Russian name is untouched').toBe('VR Центр');
    expect(await q<{ name: string }>('select name from locations where id = $1', [moscow])).toEqual([{ name: 'VR Центр' }]);
    // In the first language it is the location's own name too.
    await h.call('PUT', `/api/v2.1/locations/${moscow}/`, { token: owner, lang: 'ru', body: { name: 'VR Центр Москва' } });
    expect(await q<{ name: string }>('select name from locations where id = $1', [moscow])).toEqual([{ name: 'VR Центр Москва' }]);
    expect((await h.call('GET', `/api/v2.1/locations/${moscow}/`, { token: owner, lang: 'en' })).json().name).toBe('VR Centre Moscow');
  });

  it('npm run owner makes an account an owner everywhere (and a new one with a set-password link); new locations give every owner role 40', async () => {
    const cashier = await h.userWithToken('cashier@example.com', [[moscow, 10]]);
    const { link, created } = await ownerFromCommandLine(h.database.db, 'CASHIER@example.com', { publicUrl: h.config.publicUrl, ttlMinutes: 60 });
    expect(created).toBe(false);
    const locations = await h.call('GET', '/api/v2.1/locations/my/', { token: cashier.token });
    expect(locations.json().map((l: { role: { id: number }; permissions: string[] }) => [l.role.id, l.permissions.length]))
      .toEqual([[40, PERMISSION_CODENAMES.length], [40, PERMISSION_CODENAMES.length]]);
    expect(await q(`select user_id from activity_entries where kind = 'setup.owner_created' and subject = 'cashier@example.com'`)).toEqual([{ user_id: null }]);

    // A new account: the link sets its password through the password reset page.
    const fresh = await ownerFromCommandLine(h.database.db, 'second@example.com', { publicUrl: h.config.publicUrl, ttlMinutes: 60 });
    expect(fresh.created).toBe(true);
    const key = fresh.link.match(/^http:\/\/backoffice\.test\/password_reset\/([0-9a-f]+)$/)![1];
    expect(link).not.toBe(fresh.link);
    expect((await h.call('POST', `/api/v2.1/users/password_reset/${key}/`, { body: { password: 'owner456', password_confirm: 'owner456' } })).statusCode).toBe(200);
    const second = await h.login('second@example.com', 'owner456');

    const made = await h.call('POST', '/api/v2.1/locations/', { token: second, body: { ...moscowBody, name: 'VR Алматы', city: 'Алматы', country: 'Казахстан', timezone: 'Asia/Almaty', currency: 'KZT' } });
    expect(made.statusCode, made.body).toBe(201);
    const roles = await q(`select u.email, r.role_id, (select count(*)::int from user_permissions p where p.user_id = u.id and p.location_id = $1) as perms
      from users u join user_location_roles r on r.user_id = u.id and r.location_id = $1 order by u.email`, [made.json().id]);
    expect(roles).toEqual(['cashier@example.com', 'owner@example.com', 'second@example.com'].map((email) => ({ email, role_id: 40, perms: PERMISSION_CODENAMES.length })));
  });
});
