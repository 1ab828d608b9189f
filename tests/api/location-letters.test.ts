// #42 A location's letters and its invitations: the settings' sender_name (one line, no @ < >, at most
// 64 characters) and e-mail (a valid address or none), read back; every letter of the location goes
// From "<sender_name>" <the installation's own address> with Reply-To the location's e-mail, read from
// the .eml files the file mailer writes (the harness keeps the letters; here they go through the real
// mailer); an invitation's language is the one asked for, else the inviter's interface language, and
// each re-send keeps it; an invitation whose link ran out reads `expired` and is re-sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/platform/mail';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type World } from './bookingFixture';

let h: Harness;
let owner: string;
let mailDir: string;
let w: World;
const q = (text: string, values: unknown[] = []) => h.database.pool.query(text, values);

beforeAll(async () => {
  h = await createHarness({ config: { mailFrom: 'Back-office <no-reply@backoffice.test>' } });
  owner = await h.login('admin@example.com', 'admin123');
  w = await makeWorld(h);
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'location-letters-'));
}, 60_000);
afterAll(async () => {
  await h?.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const settings = (body: Record<string, unknown>, lang = 'ru') => h.call('PUT', '/api/v2.1/locations/1/', { token: owner, lang, body });
const invite = (email: string, lang: string, language?: string) =>
  h.call('POST', '/api/v2.1/locations/1/staff/', { token: owner, lang, body: { email, role: 10, permissions: [], ...(language ? { language } : {}) } });

/** The newest letter to `to`, written as the server's file mailer writes it: its raw .eml text. */
async function eml(to: string): Promise<string> {
  await h.runJobs();
  const letter = [...h.letters].reverse().find((l) => l.to === to);
  if (!letter) throw new Error(`no letter to ${to}`);
  const dir = fs.mkdtempSync(path.join(mailDir, 'one-'));
  await createMailer({ from: h.config.mailFrom, mailDir: dir, log: h.app.log }).send(letter);
  const [file] = fs.readdirSync(dir);
  return fs.readFileSync(path.join(dir, file!), 'utf8');
}
/** A header's value with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const line = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)$`, 'm').exec(raw)?.[1];
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  return line?.replace(/\n[ \t]/g, ' ').replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, qp: string) => Buffer.from(qp.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
}

describe('a location\'s letters', () => {
  it('takes a sender name and an e-mail in the settings, and refuses a name that could write headers or pose as an address', async () => {
    const saved = await settings({ sender_name: '  VR Парк Казань ', email: 'kazan@venue.test' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sender_name: 'VR Парк Казань', email: 'kazan@venue.test' });
    expect((await h.call('GET', '/api/v2.1/locations/1/', { token: owner })).json()).toMatchObject({ sender_name: 'VR Парк Казань', email: 'kazan@venue.test' });
    // The change is in the activity log, before and after.
    const [entry] = (await q(`select before, after from activity_entries where location_id = 1 and kind = 'location.updated' order by id desc limit 1`)).rows;
    expect(entry).toMatchObject({ before: { sender_name: '', email: '' }, after: { sender_name: 'VR Парк Казань', email: 'kazan@venue.test' } });

    for (const bad of ['VR Park\r\nBcc: victim@example.com', 'Line\none', 'support@bank.example', 'Bank <support@bank.example>', 'Tab\there', 'Zero\u200bwidth']) {
      const ru = await settings({ sender_name: bad });
      expect(ru.statusCode, bad).toBe(400);
      expect(ru.json()).toEqual({ sender_name: ['Одна строка без символов @, < и > (имя, которое письма показывают как отправителя).'] });
    }
    expect((await settings({ sender_name: 'a@b' }, 'en')).json()).toEqual({ sender_name: ['One line without the characters @, < and > (the name shown as the letters\' sender).'] });
    expect((await settings({ sender_name: 'x'.repeat(TEXT_LIMITS.senderName + 1) }, 'en')).json()).toEqual({ sender_name: [expect.stringContaining(String(TEXT_LIMITS.senderName))] });
    expect((await settings({ email: 'not an address' }, 'en')).json()).toEqual({ email: ['Enter a valid email address.'] });
    // Nothing of the refused ones was kept.
    expect((await h.call('GET', '/api/v2.1/locations/1/', { token: owner })).json()).toMatchObject({ sender_name: 'VR Парк Казань', email: 'kazan@venue.test' });
  });

  it('sends the location\'s letters from the installation\'s address under the sender name, replies to the location\'s e-mail', async () => {
    expect((await settings({ sender_name: 'VR Парк Казань', email: 'kazan@venue.test' })).statusCode).toBe(200);
    expect((await invite('from.check@example.com', 'ru')).statusCode).toBe(201);
    const raw = await eml('from.check@example.com');
    expect(header(raw, 'From')).toMatch(/^"?VR Парк Казань"? <no-reply@backoffice\.test>$/);
    expect(header(raw, 'Reply-To')).toBe('kazan@venue.test');

    // Without a sender name: the location's name in the letter's language; without an e-mail: no Reply-To.
    expect((await settings({ sender_name: '', email: '' })).statusCode).toBe(200);
    const name = (await q(`select name from location_translations where location_id = 1 and language = 'en'`)).rows[0].name as string;
    expect((await invite('plain.from@example.com', 'en')).statusCode).toBe(201);
    const plain = await eml('plain.from@example.com');
    expect(header(plain, 'From')?.replace(/"/g, '')).toBe(`${name} <no-reply@backoffice.test>`);
    expect(header(plain, 'Reply-To')).toBeUndefined();
  });
});

describe('every letter of the location', () => {
  it('the payment link\'s and the certificate\'s letters carry the sender name and the reply address too', async () => {
    expect((await settings({ sender_name: 'Арена Москва', email: 'arena@venue.test' })).statusCode).toBe(200);
    const id = await book(w, bookingBody(w.pg.cube2, '2030-05-03 11:00', { email: 'bill-from@example.com', name: 'Guest' }));
    const paid = await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.staff, lang: 'en', body: { payment_type: 4, purchase: '1900' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const bill = await eml('bill-from@example.com');
    expect(header(bill, 'Subject')).toMatch(/^Payment link/);
    expect(header(bill, 'From')).toMatch(/^"?Арена Москва"? <no-reply@backoffice\.test>$/);
    expect(header(bill, 'Reply-To')).toBe('arena@venue.test');

    const created = await h.call('POST', '/api/v2.2/certificate/', { token: w.tokens.admin, body: { rate: '2000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const activated = await h.call('POST', `/api/v2.2/certificate/${created.json()[0].unique_number}/activate/`, {
      token: w.tokens.admin, lang: 'ru', body: { seller: w.users.admin.uid, name: 'Ivan', phone: '+79990001112', email: 'cert-from@example.com', location_id: 1 },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const certificate = await eml('cert-from@example.com');
    expect(header(certificate, 'From')).toMatch(/^"?Арена Москва"? <no-reply@backoffice\.test>$/);
    expect(header(certificate, 'Reply-To')).toBe('arena@venue.test');
  });
});

describe('invitations', () => {
  it('are written in the inviter\'s interface language unless another is asked for, and every re-send keeps it', async () => {
    // An English owner's invitation arrives in English (it came in Russian, the location's first language).
    expect((await invite('english.letter@example.com', 'en')).statusCode).toBe(201);
    await h.runJobs();
    expect([...h.letters].reverse().find((l) => l.to === 'english.letter@example.com')!.subject).toMatch(/^Invitation to /);
    // Asked for Russian from the English interface.
    expect((await invite('russian.letter@example.com', 'en', 'ru')).statusCode).toBe(201);
    await h.runJobs();
    expect([...h.letters].reverse().find((l) => l.to === 'russian.letter@example.com')!.subject).toMatch(/^Приглашение в /);
    // A language it does not write is a field error.
    expect((await invite('german.letter@example.com', 'en', 'de')).json()).toEqual({ language: ['Not a valid choice.'] });

    // Re-sent by someone in Russian: still English.
    const id = (await q(`select id from invitations where email = 'english.letter@example.com'`)).rows[0].id as number;
    const resent = await h.call('POST', `/api/v2.1/locations/1/invitations/${id}/resend/`, { token: owner, lang: 'ru' });
    expect(resent.statusCode, resent.body).toBe(200);
    await h.runJobs();
    expect(h.letters.filter((l) => l.to === 'english.letter@example.com').map((l) => l.subject.split(' ')[0])).toEqual(['Invitation', 'Invitation']);
  });

  it('read "expired" once the link ran out (in words in the exports too), and a re-send gives a new link for 7 more days', async () => {
    expect((await invite('late.person@example.com', 'ru')).statusCode).toBe(201);
    await q(`update invitations set expires_at = now() - interval '1 hour' where email = 'late.person@example.com'`);
    const row = () => h.call('GET', '/api/v2.1/locations/1/staff/?limit=1000', { token: owner })
      .then((r) => (r.json().results as { email: string; state: string; invitation_id: number }[]).find((x) => x.email === 'late.person@example.com')!);
    const expired = await row();
    expect(expired.state).toBe('expired');
    const csv = (await h.call('GET', '/api/v2.1/locations/1/staff/?format=csv', { token: owner, lang: 'ru' })).body;
    expect(csv).toMatch(/late\.person@example\.com.*Приглашение истекло/);
    const csvEn = (await h.call('GET', '/api/v2.1/locations/1/staff/?format=csv', { token: owner, lang: 'en' })).body;
    expect(csvEn).toMatch(/late\.person@example\.com.*Invitation expired/);

    const resent = await h.call('POST', `/api/v2.1/locations/1/invitations/${expired.invitation_id}/resend/`, { token: owner });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ state: 'invited' });
    expect((await row()).state).toBe('invited');
    await h.runJobs();
    const key = /\/invitation\/([0-9a-f]+)/.exec([...h.letters].reverse().find((l) => l.to === 'late.person@example.com')!.text)![1];
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).statusCode).toBe(200);
  });
});
