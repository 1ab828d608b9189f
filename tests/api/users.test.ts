import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLocationRoles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/platform/passwords';
import { createHarness, type Harness } from './harness';

let h: Harness;
let ids: { admin: number; manager: number; staff: number };
let tokens: { admin: string; manager: string; staff: string };

beforeAll(async () => {
  h = await createHarness();
  const rows = await h.database.db.select().from(users);
  const id = (email: string) => rows.find((r) => r.email === email)!.id;
  ids = { admin: id('admin@example.com'), manager: id('manager@example.com'), staff: id('staff@example.com') };
  tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
  };
});
afterAll(async () => { await h.close(); });

const ME = '/api/v2.1/users/am/';
const NOT_FOUND_EN = { detail: 'Not found.' };
/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A valid 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let counter = 0;
/** A fresh user with roles at the given locations, signed in. */
async function addUser(roles: [locationId: number, roleId: number][] = [[1, 10]]) {
  const n = ++counter;
  const email = `user${n}@example.com`;
  const [row] = await h.database.db.insert(users)
    .values({ email, name: `User ${n}`, phone: `+7000000000${n}`, passwordHash: await hashPassword('pass-1234') }).returning();
  if (roles.length) await h.database.db.insert(userLocationRoles).values(roles.map(([locationId, roleId]) => ({ userId: row!.id, locationId, roleId })));
  return { row: row!, id: row!.id, email, token: await h.login(email, 'pass-1234') };
}

type FilePart = { name: string; filename: string; type: string; data: Buffer };
/** A multipart/form-data body built by hand. */
function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----apitest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`, 'utf8'));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const put = (id: number, token: string, form: ReturnType<typeof multipart>, lang = 'en') =>
  h.call('PUT', `/api/v2.1/users/${id}/`, { token, lang, body: form.body, headers: form.headers });

const avatarPart = (data: Buffer, filename = 'avatar.png', type = 'image/png'): FilePart => ({ name: 'avatar', filename, type, data });

describe('GET /api/v2.1/users/am/', () => {
  it.each([
    ['admin', 'admin@example.com', 'Анна Администратор', '+79990000001', 40],
    ['manager', 'manager@example.com', 'Михаил Менеджер', '+79990000002', 20],
    ['staff', 'staff@example.com', 'Светлана Кассир', '+79990000003', 10],
  ] as const)('returns the %s profile with the highest role', async (who, email, name, phone, role) => {
    const res = await h.call('GET', ME, { token: tokens[who] });
    expect(res.statusCode).toBe(200);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, ids[who]));
    expect(res.json()).toEqual({ id: ids[who], uid: row!.uid, name, email, phone, avatar: null, role: { id: role, value: role }, is_owner: who === 'admin' });
    expect(row!.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('answers role null for a user without any role', async () => {
    const u = await addUser([]);
    const res = await h.call('GET', ME, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.id, uid: u.row.uid, name: u.row.name, email: u.email, phone: u.row.phone, avatar: null, role: null, is_owner: false });
  });

  it('picks the highest of several roles', async () => {
    const u = await addUser([[1, 10], [2, 40], [3, 20]]);
    const res = await h.call('GET', ME, { token: u.token });
    expect(res.json().role).toEqual({ id: 40, value: 40 });
  });

  it('needs a token and takes no query parameters', async () => {
    const anon = await h.call('GET', ME, { lang: 'en' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const q = await h.call('GET', `${ME}?x=1`, { token: tokens.staff, lang: 'en' });
    expect(q.statusCode).toBe(400);
    expect(q.json()).toEqual({ x: ['Unknown field.'] });
  });
});

describe('GET /api/v2.2/users/{id}/', () => {
  const profile = (row: typeof users.$inferSelect) => ({
    id: row.id, uid: row.uid, name: row.name, email: row.email, phone: row.phone, avatar: null,
  });

  it('shows a user who shares a location', async () => {
    const [staffRow] = await h.database.db.select().from(users).where(eq(users.id, ids.staff));
    const byAdmin = await h.call('GET', `/api/v2.2/users/${ids.staff}/`, { token: tokens.admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual(profile(staffRow!));
    const byManager = await h.call('GET', `/api/v2.2/users/${ids.staff}/`, { token: tokens.manager });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toEqual(profile(staffRow!));
    const [managerRow] = await h.database.db.select().from(users).where(eq(users.id, ids.manager));
    const byStaff = await h.call('GET', `/api/v2.2/users/${ids.manager}/`, { token: tokens.staff });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toEqual(profile(managerRow!));
  });

  it('answers 404 for a user with no common location', async () => {
    const outsider = await addUser([[3, 10]]);
    for (const viewer of ['manager', 'staff'] as const) {
      const res = await h.call('GET', `/api/v2.2/users/${outsider.id}/`, { token: tokens[viewer], lang: 'en' });
      expect(res.statusCode, viewer).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND_EN);
    }
    // The admin works at location 3 too.
    const byAdmin = await h.call('GET', `/api/v2.2/users/${outsider.id}/`, { token: tokens.admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual(profile(outsider.row));
    // And the other way round.
    const mgr = await h.call('GET', `/api/v2.2/users/${ids.manager}/`, { token: outsider.token, lang: 'en' });
    expect(mgr.statusCode).toBe(404);
    expect(mgr.json()).toEqual(NOT_FOUND_EN);
    expect((await h.call('GET', `/api/v2.2/users/${ids.admin}/`, { token: outsider.token })).statusCode).toBe(200);
  });

  it('always shows the user themself, even without any role', async () => {
    const lonely = await addUser([]);
    const self = await h.call('GET', `/api/v2.2/users/${lonely.id}/`, { token: lonely.token });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toEqual(profile(lonely.row));
    expect((await h.call('GET', `/api/v2.2/users/${lonely.id}/`, { token: tokens.admin })).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.2/users/${ids.admin}/`, { token: lonely.token })).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '1.0', '0x1', '1e0', '2147483648', '99999999999', '999999'])('answers 404 for the id %j', async (id) => {
    const res = await h.call('GET', `/api/v2.2/users/${id}/`, { token: tokens.admin, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND_EN);
  });

  it('needs a token', async () => {
    const res = await h.call('GET', `/api/v2.2/users/${ids.staff}/`, { lang: 'en' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/v2.1/users/{id}/', () => {
  it('saves name, phone, e-mail and a PNG avatar from multipart, and serves the avatar', async () => {
    const u = await addUser([[1, 20]]);
    const res = await put(u.id, u.token, multipart(
      { name: ' Новое Имя ', phone: '+79161234567', email: 'renamed@example.com', current_password: 'pass-1234' },
      [avatarPart(PNG)],
    ));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: u.id, uid: u.row.uid, name: 'Новое Имя', phone: '+79161234567', email: 'renamed@example.com',
      avatar: expect.stringMatching(new RegExp(`^/media/avatars/${u.id}-[0-9a-f]{16}\\.png$`)), role: { id: 20, value: 20 }, is_owner: false,
    });
    const file = await h.call('GET', body.avatar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The profile reads back the same, and the new e-mail signs in.
    const me = await h.call('GET', ME, { token: u.token });
    expect(me.json()).toEqual(body);
    expect((await h.call('POST', '/api/v2.1/login/', { body: { email: 'renamed@example.com', password: 'pass-1234' } })).statusCode).toBe(200);
  });

  it('names the file by its content, not by the name it was sent with', async () => {
    const u = await addUser();
    const res = await put(u.id, u.token, multipart({ name: 'Gif', phone: '123', email: u.email }, [avatarPart(GIF, 'avatar.png', 'image/png')]));
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toMatch(/\.gif$/);
    const file = await h.call('GET', res.json().avatar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
  });

  it('replaces the avatar and removes the old file', async () => {
    const u = await addUser();
    const first = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email }, [avatarPart(PNG)]));
    const oldUrl = first.json().avatar as string;
    const second = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email }, [avatarPart(GIF, 'b.gif', 'image/gif')]));
    expect(second.statusCode).toBe(200);
    const newUrl = second.json().avatar as string;
    expect(newUrl).not.toBe(oldUrl);
    expect((await h.call('GET', newUrl)).statusCode).toBe(200);
    const gone = await h.call('GET', oldUrl, { lang: 'en' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(NOT_FOUND_EN);
    expect(fs.existsSync(path.join(h.config.dataDir, 'media', 'avatars', path.basename(oldUrl)))).toBe(false);
  });

  it('keeps the avatar when the form sends no file, or an empty file input', async () => {
    const u = await addUser();
    const url = (await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email }, [avatarPart(PNG)]))).json().avatar;
    const noFile = await put(u.id, u.token, multipart({ name: 'B', phone: '2', email: u.email }));
    expect(noFile.statusCode).toBe(200);
    expect(noFile.json().avatar).toBe(url);
    expect(noFile.json().name).toBe('B');
    const emptyFile = await put(u.id, u.token, multipart({ name: 'C', phone: '3', email: u.email }, [avatarPart(Buffer.alloc(0), '', 'application/octet-stream')]));
    expect(emptyFile.statusCode).toBe(200);
    expect(emptyFile.json().avatar).toBe(url);
    expect((await h.call('GET', url)).statusCode).toBe(200);
  });

  it('rejects a text file named avatar.png, and changes nothing', async () => {
    const u = await addUser();
    const res = await put(u.id, u.token, multipart(
      { name: 'Changed', phone: '111', email: u.email },
      [avatarPart(Buffer.from('just some text, not an image'), 'avatar.png', 'image/png')],
    ));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: ['Upload a valid image: PNG, JPEG, WebP or GIF.'] });
    const ru = await put(u.id, u.token, multipart({ name: 'Changed', phone: '111', email: u.email }, [avatarPart(Buffer.from('GIF8'))]), 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ avatar: ['Загрузите изображение PNG, JPEG, WebP или GIF.'] });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.name).toBe(u.row.name);
    expect(row!.avatar).toBeNull();
    expect(fs.readdirSync(path.join(h.config.dataDir, 'media', 'avatars')).filter((f) => f.startsWith(`${u.id}-`))).toEqual([]);
  });

  it('accepts an avatar of 2 MB and refuses one over 5 MB', async () => {
    const u = await addUser();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const ok = await put(u.id, u.token, multipart({ name: 'Big', phone: '1', email: u.email }, [avatarPart(big)]));
    expect(ok.statusCode).toBe(200);
    expect((await h.call('GET', ok.json().avatar)).rawPayload.length).toBe(big.length);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await put(u.id, u.token, multipart({ name: 'Huge', phone: '1', email: u.email }, [avatarPart(huge)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: ['The image is larger than 5 MB.'] });
    expect(((await h.call('GET', ME, { token: u.token })).json()).name).toBe('Big');
  });

  it('refuses a file under another field name', async () => {
    const u = await addUser();
    const res = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email }, [{ name: 'photo', filename: 'a.png', type: 'image/png', data: PNG }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ photo: ['Unknown field.'] });
  });

  it('answers 400 {phone} for an invalid phone', async () => {
    const u = await addUser();
    const res = await put(u.id, u.token, multipart({ name: 'A', phone: '12-34x', email: u.email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Digits only, with an optional leading plus'] });
    const ru = await put(u.id, u.token, multipart({ name: 'A', phone: '+7 916', email: u.email }), 'ru');
    expect(ru.json()).toEqual({ phone: ['Только цифры, в начале может быть плюс'] });
    const long = await put(u.id, u.token, multipart({ name: 'A', phone: '1'.repeat(21), email: u.email }));
    expect(long.json()).toEqual({ phone: ['Digits only, with an optional leading plus'] });    // #40 A phone as people type it is stored in one form: a Russian number as +7….
    const typed = await put(u.id, u.token, multipart({ name: 'A', phone: '8 (916) 123-45-67', email: u.email }));
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().phone).toBe('+79161234567');
  });

  it('answers 400 {email} for an invalid e-mail', async () => {
    const u = await addUser();
    for (const email of ['not-an-email', 'a@b', 'two@@example.com']) {
      const res = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email, current_password: 'pass-1234' }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
    }
  });

  it('answers 400 {name} for an empty name and field errors for missing fields', async () => {
    const u = await addUser();
    const empty = await put(u.id, u.token, multipart({ name: '', phone: '1', email: u.email }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: ['This field may not be blank.'] });
    const spaces = await put(u.id, u.token, multipart({ name: '   ', phone: '1', email: u.email }));
    expect(spaces.json()).toEqual({ name: ['This field may not be blank.'] });
    const long = await put(u.id, u.token, multipart({ name: 'x'.repeat(151), phone: '1', email: u.email }));
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 150 characters.'] });
    const missing = await put(u.id, u.token, multipart({ name: 'A' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ phone: ['This field is required.'], email: ['This field is required.'] });
    const unknown = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email, role: '40' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ role: ['Unknown field.'] });
  });

  it('answers 400 when the e-mail belongs to another user, whatever its case', async () => {
    const u = await addUser();
    for (const email of ['admin@example.com', 'ADMIN@Example.COM']) {
      const res = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email, current_password: 'pass-1234' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['A user with this email already exists.'] });
    }
    const ru = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: 'staff@example.com', current_password: 'pass-1234' }), 'ru');
    expect(ru.json()).toEqual({ email: ['Пользователь с такой электронной почтой уже существует.'] });
    // Keeping one's own address (in another case) is fine.
    const own = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email.toUpperCase() }));
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe(u.email.toUpperCase());
  });

  it('gives one of two simultaneous claims of the same free e-mail a 400, never a 500', async () => {
    // Several rounds: the two requests interleave differently each time.
    for (let round = 0; round < 8; round++) {
      const a = await addUser();
      const b = await addUser();
      const email = `contested${round}@example.com`;
      const [ra, rb] = await Promise.all([
        put(a.id, a.token, multipart({ name: 'A', phone: '1', email, current_password: 'pass-1234' }, [avatarPart(PNG)])),
        put(b.id, b.token, multipart({ name: 'B', phone: '2', email, current_password: 'pass-1234' }, [avatarPart(PNG)])),
      ]);
      expect([ra.statusCode, rb.statusCode].sort(), `round ${round}`).toEqual([200, 400]);
      const [winner, loser, loserId] = ra.statusCode === 400 ? [rb, ra, a.id] : [ra, rb, b.id];
      expect(loser.json()).toEqual({ email: ['A user with this email already exists.'] });
      expect(winner.json().email).toBe(email);
      // The loser's avatar file is not left behind.
      const files = fs.readdirSync(path.join(h.config.dataDir, 'media', 'avatars')).filter((f) => f.startsWith(`${loserId}-`));
      expect(files).toEqual([]);
    }
  });

  it('a new e-mail needs the current password: missing or wrong is 400 {current_password} and changes nothing (#16)', async () => {
    const u = await addUser();
    const missing = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: `new-${u.email}` }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ current_password: ['Enter your current password to change the email.'] });
    const ru = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: `new-${u.email}`, current_password: '' }), 'ru');
    expect(ru.json()).toEqual({ current_password: ['Введите текущий пароль, чтобы сменить почту.'] });
    const json = await h.call('PUT', `/api/v2.1/users/${u.id}/`, { token: u.token, lang: 'en', body: { name: 'A', phone: '1', email: `new-${u.email}` } });
    expect(json.statusCode).toBe(400);
    const wrong = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: `new-${u.email}`, current_password: 'not-it' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['The current password is wrong.'] });
    // A taken address is not revealed to a caller without the password.
    const taken = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: 'admin@example.com' }));
    expect(taken.json()).toEqual({ current_password: ['Enter your current password to change the email.'] });
    expect((await h.call('GET', ME, { token: u.token })).json()).toMatchObject({ email: u.email, name: u.row.name });
    // Name and phone alone, or the same address in another case, need no password.
    expect((await put(u.id, u.token, multipart({ name: 'B', phone: '2', email: u.email.toUpperCase() }))).statusCode).toBe(200);
    const ok = await put(u.id, u.token, multipart({ name: 'C', phone: '3', email: `new-${u.email}`, current_password: 'pass-1234' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(`new-${u.email}`);
  });

  it('guessing the current password through the profile is throttled (#16)', async () => {
    const u = await addUser();
    for (let i = 0; i < 10; i++) {
      expect((await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: `g-${u.email}`, current_password: `guess-${i}` }))).statusCode).toBe(400);
    }
    const res = await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: `g-${u.email}`, current_password: 'pass-1234' }));
    expect(res.statusCode).toBe(429);
  });

  it('answers 403 for another user\'s id and changes nothing', async () => {
    const u = await addUser();
    const res = await put(ids.staff, u.token, multipart({ name: 'Hacked', phone: '1', email: 'hacked@example.com' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You can edit only your own profile.' });
    const ru = await h.call('PUT', `/api/v2.1/users/${ids.admin}/`, { token: tokens.manager, body: { name: 'X', phone: '1', email: 'x@example.com' } });
    expect(ru.statusCode).toBe(403);
    expect(ru.json()).toEqual({ detail: 'Можно изменять только свой профиль.' });
    const me = await h.call('GET', ME, { token: tokens.staff });
    expect(me.json().name).toBe('Светлана Кассир');
    expect(me.json().email).toBe('staff@example.com');
  });

  it('accepts a JSON body without an avatar and keeps the avatar', async () => {
    const u = await addUser([[2, 40]]);
    const url = (await put(u.id, u.token, multipart({ name: 'A', phone: '1', email: u.email }, [avatarPart(PNG)]))).json().avatar;
    const res = await h.call('PUT', `/api/v2.1/users/${u.id}/`, {
      token: u.token, body: { name: 'Json Name', phone: '+100', email: 'json@example.com', current_password: 'pass-1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id, uid: u.row.uid, name: 'Json Name', phone: '+100', email: 'json@example.com', avatar: url, role: { id: 40, value: 40 }, is_owner: false,
    });
    const bad = await h.call('PUT', `/api/v2.1/users/${u.id}/`, { token: u.token, lang: 'en', body: { name: 'J', phone: 100, email: 'json@example.com', avatar: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: ['Not a valid string.'], avatar: ['Unknown field.'] });
  });

  it('answers 404 for a malformed id and 401 without a token', async () => {
    const form = multipart({ name: 'A', phone: '1', email: 'a@example.com' });
    const abc = await h.call('PUT', '/api/v2.1/users/abc/', { token: tokens.staff, lang: 'en', body: form.body, headers: form.headers });
    expect(abc.statusCode).toBe(404);
    expect(abc.json()).toEqual(NOT_FOUND_EN);
    const anon = await h.call('PUT', `/api/v2.1/users/${ids.staff}/`, { lang: 'en', body: form.body, headers: form.headers });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
