import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, passwordResetKeys, users } from '../../server/db/schema';
import { createJobWorker } from '../../server/jobs';
import { createMailer, type Letter } from '../../server/platform/mail';
import { hashPassword } from '../../server/platform/passwords';
import { createHarness, type Harness } from './harness';

let h: Harness;
// Every request of this file comes from one address: its own limit is lifted (tested below with others).
beforeAll(async () => { h = await createHarness({ config: { passwordResetIpLimit: 1000 } }); });
afterAll(async () => { await h.close(); });

const RESET = '/api/v2.1/users/password_reset/';
const SENT_EN = { detail: 'If an account with this email exists, a password reset link has been sent to it.' };
const SENT_RU = { detail: 'Если учётная запись с этой почтой существует, на неё отправлена ссылка для сброса пароля.' };
const LINK = /http:\/\/backoffice\.test\/password_reset\/([0-9a-f]{64})/;

let counter = 0;
/** A fresh user per test, so a changed password never leaks into another test. */
async function addUser(password = 'old-pass-1', name = 'Reset Tester'): Promise<{ id: number; email: string; password: string }> {
  const email = `reset${++counter}@example.com`;
  const [row] = await h.database.db.insert(users).values({ email, name, passwordHash: await hashPassword(password) }).returning();
  return { id: row!.id, email, password };
}

/** Asks for a reset, delivers the letter and returns the key from its link. */
async function resetKey(email: string, lang = 'en'): Promise<string> {
  const before = h.letters.length;
  const res = await h.call('POST', RESET, { lang, body: { email } });
  expect(res.statusCode).toBe(200);
  await h.runJobs();
  const letter = h.letters.slice(before).find((l) => l.to === email);
  expect(letter).toBeDefined();
  const key = LINK.exec(letter!.text)?.[1];
  expect(key).toBeDefined();
  return key!;
}

const loginStatus = async (email: string, password: string) =>
  (await h.call('POST', '/api/v2.1/login/', { body: { email, password } })).statusCode;

describe('POST /api/v2.1/users/password_reset/', () => {
  it('queues one letter in English with the reset link for a known e-mail', async () => {
    const u = await addUser('old-pass-1', 'Olga Reset');
    const before = h.letters.length;
    const res = await h.call('POST', RESET, { lang: 'en', body: { email: u.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT_EN);
    // The letter goes out through the jobs table, not inside the request.
    expect(h.letters.length).toBe(before);
    expect(await h.runJobs()).toBe(1);
    const sent = h.letters.slice(before);
    expect(sent).toHaveLength(1);
    const letter = sent[0]!;
    expect(letter.to).toBe(u.email);
    expect(letter.subject).toBe('Password reset');
    const key = LINK.exec(letter.text)![1]!;
    expect(letter.text).toBe(
      'Hello, Olga Reset!\n\nSomeone (hopefully you) asked to reset the password of the venue back-office account '
      + `${u.email}.\nOpen this link to choose a new password: http://backoffice.test/password_reset/${key}\n`
      + 'The link works once and expires in 60 minutes.\n\nIf you did not ask for it, ignore this letter.',
    );
    // Nothing is left to run.
    expect(await h.runJobs()).toBe(0);
  });

  it('writes the letter in Russian when the request is in Russian (the default)', async () => {
    const u = await addUser();
    const before = h.letters.length;
    const res = await h.call('POST', RESET, { body: { email: u.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT_RU);
    await h.runJobs();
    const sent = h.letters.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Сброс пароля');
    expect(sent[0]!.text).toContain('Здравствуйте, Reset Tester!');
    expect(sent[0]!.text).toMatch(/Откройте ссылку, чтобы задать новый пароль: http:\/\/backoffice\.test\/password_reset\/[0-9a-f]{64}\n/);
    expect(sent[0]!.text).not.toContain('Hello');
  });

  it('finds the account whatever the case and spaces of the e-mail, and writes to the stored address', async () => {
    const u = await addUser();
    const before = h.letters.length;
    const res = await h.call('POST', RESET, { lang: 'en', body: { email: `  ${u.email.toUpperCase()} ` } });
    expect(res.statusCode).toBe(200);
    await h.runJobs();
    expect(h.letters.slice(before).map((l: Letter) => l.to)).toEqual([u.email]);
  });

  it('answers an unknown e-mail with the same 200 body and sends nothing', async () => {
    const before = h.letters.length;
    const en = await h.call('POST', RESET, { lang: 'en', body: { email: 'nobody-here@example.com' } });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual(SENT_EN);
    const ru = await h.call('POST', RESET, { lang: 'ru', body: { email: 'nobody-here@example.com' } });
    expect(ru.statusCode).toBe(200);
    expect(ru.json()).toEqual(SENT_RU);
    // The same work as for a known address: one job each, which finds no account and sends nothing.
    expect(await h.runJobs()).toBe(2);
    expect(h.letters.length).toBe(before);
  });

  it('sends nothing to a deactivated account', async () => {
    const u = await addUser();
    await h.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const before = h.letters.length;
    const res = await h.call('POST', RESET, { lang: 'en', body: { email: u.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT_EN);
    expect(await h.runJobs()).toBe(1);
    expect(h.letters.length).toBe(before);
  });

  it('answers a known and an unknown address alike: same status, headers, body and queued work (#16)', async () => {
    const u = await addUser();
    const jobCount = async () => (await h.database.db.select().from(jobs).where(sql`${jobs.kind} = 'auth.password_reset' and ${jobs.doneAt} is null`)).length;
    const shape = (r: Awaited<ReturnType<typeof h.call>>) => {
      const { date: _date, ...headers } = r.headers;
      return { status: r.statusCode, headers, body: r.body };
    };
    const before = await jobCount();
    const known = await h.call('POST', RESET, { lang: 'en', body: { email: u.email } });
    const afterKnown = await jobCount();
    const unknown = await h.call('POST', RESET, { lang: 'en', body: { email: `not-${u.email}` } });
    expect(shape(unknown)).toEqual(shape(known));
    expect(afterKnown - before).toBe(1);
    expect(await jobCount() - afterKnown).toBe(1);
    await h.runJobs();
  });

  it('answers 400 {email} for an invalid or missing e-mail', async () => {
    const invalid = await h.call('POST', RESET, { lang: 'en', body: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ email: ['Enter a valid email address.'] });
    const ru = await h.call('POST', RESET, { lang: 'ru', body: { email: 'a@b' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ email: ['Введите правильный адрес электронной почты.'] });
    const missing = await h.call('POST', RESET, { lang: 'en', body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['This field is required.'] });
    const extra = await h.call('POST', RESET, { lang: 'en', body: { email: 'admin@example.com', next: '/x' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ next: ['Unknown field.'] });
  });
});

describe('rate limits of reset requests (#16, #25)', () => {
  let t: Harness;
  const SLOW_MS = 600;
  beforeAll(async () => { t = await createHarness({ demo: false, config: { loginSlowdownSeconds: SLOW_MS / 1000 } }); });
  afterAll(async () => { await t.close(); });
  const ask = (email: string, ip: string) => t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, headers: { 'accept-language': 'en' }, payload: { email } });
  const expectThrottled = (res: Awaited<ReturnType<typeof ask>>) => {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(res.json()).toEqual({ detail: `Request was throttled. Expected available in ${seconds} seconds.` });
  };
  const lettersTo = (email: string) => t.letters.filter((l) => l.to === email);
  const addTo = async (email: string) => t.database.db.insert(users).values({ email, name: 'L', passwordHash: await hashPassword('x-pass-1') }).returning();

  it('allows 5 requests an hour for one e-mail from one address; the 6th from there is 429, known account or not', async () => {
    await addTo('limited@example.com');
    for (let i = 0; i < 5; i++) expect((await ask('limited@example.com', '10.7.0.1')).statusCode).toBe(200);
    expectThrottled(await ask('limited@example.com', '10.7.0.1'));
    expectThrottled(await ask('LIMITED@example.com', '10.7.0.1'));
    for (let i = 0; i < 5; i++) expect((await ask('limited-unknown@example.com', '10.7.0.1')).statusCode).toBe(200);
    expectThrottled(await ask('limited-unknown@example.com', '10.7.0.1'));
    // Another e-mail from the same address is not affected.
    expect((await ask('other-address@example.com', '10.7.0.1')).statusCode).toBe(200);
  });

  it('requests for someone\'s e-mail from another address never block that person\'s own reset (#25)', async () => {
    const victim = 'victim-reset@example.com';
    await addTo(victim);
    // The attacker asks 5 times, then is refused at their address.
    for (let i = 0; i < 5; i++) expect((await ask(victim, '10.9.0.66')).statusCode).toBe(200);
    expectThrottled(await ask(victim, '10.9.0.66'));
    // The person's own request is answered as ever, from their address.
    const own = await ask(victim, '10.9.0.1');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(SENT_EN);
    await t.runJobs();
    // At most 5 letters an hour reach the mailbox (no mail bombing), and their links work: the person resets.
    const letters = lettersTo(victim);
    expect(letters).toHaveLength(5);
    const key = LINK.exec(letters.at(-1)!.text)![1]!;
    const done = await t.call('POST', `${RESET}${key}/`, { body: { password: 'new-pass-25', password_confirm: 'new-pass-25' } });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('requests from many addresses for one e-mail: all answered, at most 5 letters an hour (#25)', async () => {
    const email = 'many-addresses@example.com';
    await addTo(email);
    for (let i = 0; i < 8; i++) expect((await ask(email, `10.7.2.${i + 1}`)).statusCode).toBe(200);
    await t.runJobs();
    expect(lettersTo(email)).toHaveLength(5);
  });

  it('an address asking for many e-mails (an office behind one NAT) is slowed down past 20 an hour, not refused (#25)', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 20; i++) expect((await ask(`many${i}@example.com`, ip)).statusCode, String(i)).toBe(200);
    await addTo('colleague@example.com');
    const started = Date.now();
    const colleague = await ask('colleague@example.com', ip);
    expect(colleague.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 20);
    while (await t.runJobs() > 0) { /* the queue holds the 20 others' jobs too */ }
    expect(lettersTo('colleague@example.com')).toHaveLength(1);
    // Another address is not slowed.
    const elsewhere = Date.now();
    expect((await ask('many-more@example.com', '10.8.0.2')).statusCode).toBe(200);
    expect(Date.now() - elsewhere).toBeLessThan(SLOW_MS);
  });
});

describe('GET and POST /api/v2.1/users/password_reset/{key}/', () => {
  it('GET answers 200 for a live key and 404 for a random or malformed one', async () => {
    const u = await addUser();
    const key = await resetKey(u.email);
    const live = await h.call('GET', `${RESET}${key}/`);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ detail: 'ok' });
    for (const bad of ['0'.repeat(64), key.slice(0, 63) + (key.endsWith('a') ? 'b' : 'a'), 'xyz', key.toUpperCase(), 'a'.repeat(100), `${key}0`]) {
      const res = await h.call('GET', `${RESET}${bad}/`, { lang: 'en' });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 404 (not 414) for an overlong key', async () => {
    const res = await h.call('GET', `${RESET}${'a'.repeat(250)}/`, { lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('a used key also spends the other reset links of the account', async () => {
    const u = await addUser();
    const first = await resetKey(u.email);
    const second = await resetKey(u.email);
    const res = await h.call('POST', `${RESET}${second}/`, { body: { password: 'brand-new-1', password_confirm: 'brand-new-1' } });
    expect(res.statusCode).toBe(200);
    expect((await h.call('GET', `${RESET}${first}/`)).statusCode).toBe(404);
    const reuse = await h.call('POST', `${RESET}${first}/`, { body: { password: 'other-pass-1', password_confirm: 'other-pass-1' } });
    expect(reuse.statusCode).toBe(404);
    expect(await loginStatus(u.email, 'brand-new-1')).toBe(200);
  });

  it('refuses passwords that do not match, and the key stays usable', async () => {
    const u = await addUser();
    const key = await resetKey(u.email);
    const res = await h.call('POST', `${RESET}${key}/`, { lang: 'en', body: { password: 'new-pass-1', password_confirm: 'new-pass-2' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password_confirm: ['Passwords do not match.'] });
    const ru = await h.call('POST', `${RESET}${key}/`, { lang: 'ru', body: { password: 'new-pass-1', password_confirm: 'new-pass-2' } });
    expect(ru.json()).toEqual({ password_confirm: ['Пароли не совпадают.'] });
    expect((await h.call('GET', `${RESET}${key}/`)).statusCode).toBe(200);
    expect(await loginStatus(u.email, u.password)).toBe(200);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const u = await addUser();
    const key = await resetKey(u.email);
    const res = await h.call('POST', `${RESET}${key}/`, { lang: 'en', body: { password: 'abcde', password_confirm: 'abcde' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['Ensure this field has at least 6 characters.'] });
    const missing = await h.call('POST', `${RESET}${key}/`, { lang: 'en', body: { password: 'abcdef' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password_confirm: ['This field is required.'] });
    expect((await h.call('GET', `${RESET}${key}/`)).statusCode).toBe(200);
  });

  it('sets the new password once: old password and old tokens stop working, the key is spent', async () => {
    const u = await addUser('old-pass-1');
    const oldToken = await h.login(u.email, 'old-pass-1');
    const key = await resetKey(u.email);
    const res = await h.call('POST', `${RESET}${key}/`, { lang: 'en', body: { password: 'brand-new-1', password_confirm: 'brand-new-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your password has been changed.' });

    expect(await loginStatus(u.email, 'brand-new-1')).toBe(200);
    expect(await loginStatus(u.email, 'old-pass-1')).toBe(400);
    const stale = await h.call('GET', '/api/v2.1/users/am/', { token: oldToken, lang: 'en' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ detail: 'Invalid token.' });

    const get = await h.call('GET', `${RESET}${key}/`, { lang: 'en' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'Not found.' });
    const again = await h.call('POST', `${RESET}${key}/`, { lang: 'en', body: { password: 'third-pass-1', password_confirm: 'third-pass-1' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'This password reset link is invalid or has expired.' });
    expect(await loginStatus(u.email, 'third-pass-1')).toBe(400);
    expect(await loginStatus(u.email, 'brand-new-1')).toBe(200);
  });

  it('answers 404 for an expired key, and the password stays', async () => {
    const u = await addUser('old-pass-1');
    const key = await resetKey(u.email);
    await h.database.db.update(passwordResetKeys).set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetKeys.userId, u.id));
    const get = await h.call('GET', `${RESET}${key}/`, { lang: 'en' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'Not found.' });
    const post = await h.call('POST', `${RESET}${key}/`, { lang: 'ru', body: { password: 'new-pass-1', password_confirm: 'new-pass-1' } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'Ссылка для сброса пароля недействительна или устарела.' });
    expect(await loginStatus(u.email, 'old-pass-1')).toBe(200);
    expect(await loginStatus(u.email, 'new-pass-1')).toBe(400);
  });

  it('keys expire after resetKeyTtlMinutes', async () => {
    const u = await addUser();
    const key = await resetKey(u.email);
    const [row] = await h.database.db.select().from(passwordResetKeys).where(eq(passwordResetKeys.userId, u.id));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 60 * 60_000)).toBeLessThan(5_000);
    // Only a hash of the key is stored.
    expect(row!.keyHash).not.toContain(key);
  });

  it('answers 404 for a POST with a key that was never issued', async () => {
    const res = await h.call('POST', `${RESET}${'ab'.repeat(32)}/`, { lang: 'en', body: { password: 'new-pass-1', password_confirm: 'new-pass-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'This password reset link is invalid or has expired.' });
  });
});

describe('letter delivery', () => {
  it('a letter whose sending fails stays queued and is retried later', async () => {
    const u = await addUser();
    const failing = createJobWorker({
      db: h.database.db, pool: h.database.pool, config: h.config, mailer: { send: async () => { throw new Error('smtp down'); } },
    }, h.app.log);
    expect((await h.call('POST', RESET, { lang: 'en', body: { email: u.email } })).statusCode).toBe(200);
    expect(await failing.runDue()).toBe(1);
    const [job] = await h.database.db.select().from(jobs).where(sql`${jobs.payload}->>'email' = ${u.email}`);
    expect(job!.doneAt).toBeNull();
    expect(job!.attempts).toBe(1);
    expect(job!.lastError).toBe('Error: smtp down');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the working worker does not pick it up before its time.
    const before = h.letters.length;
    expect(await h.runJobs()).toBe(0);
    await h.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job!.id));
    expect(await h.runJobs()).toBe(1);
    expect(h.letters.slice(before).map((l) => l.to)).toEqual([u.email]);
  });
});

/** The body of a single-part text letter, decoded from its transfer encoding. */
function letterBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('createMailer', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string }[] = [];
  let mailDir: string;

  beforeAll(async () => {
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-mail-'));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it('sends over SMTP when smtpUrl is set', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Back-office <no-reply@backoffice.test>', mailDir, log: h.app.log });
    await mailer.send({ to: 'someone@example.com', subject: 'SMTP check 42', text: 'Hello over SMTP.' });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@backoffice.test');
    expect(mail.to).toEqual(['someone@example.com']);
    expect(mail.raw).toMatch(/^Subject: SMTP check 42\r$/m);
    expect(mail.raw).toMatch(/^To: someone@example\.com\r$/m);
    expect(letterBody(mail.raw).trim()).toBe('Hello over SMTP.');
    // Nothing is written to the mail folder in SMTP mode.
    expect(fs.readdirSync(mailDir)).toEqual([]);
  });

  it('delivers a password reset letter over SMTP through the job worker', async () => {
    const u = await addUser('old-pass-1', 'Smtp User');
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@backoffice.test', mailDir, log: h.app.log });
    const worker = createJobWorker({ db: h.database.db, pool: h.database.pool, config: h.config, mailer }, h.app.log);
    const before = received.length;
    expect((await h.call('POST', RESET, { lang: 'en', body: { email: u.email } })).statusCode).toBe(200);
    expect(await worker.runDue()).toBe(1);
    const sent = received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([u.email]);
    expect(sent[0]!.raw).toMatch(/^Subject: Password reset\r$/m);
    const text = letterBody(sent[0]!.raw);
    expect(text).toContain('Hello, Smtp User!');
    const key = LINK.exec(text)?.[1];
    expect(key).toBeDefined();
    // The key in the letter is the live one.
    expect((await h.call('GET', `${RESET}${key}/`)).statusCode).toBe(200);
  });

  it('writes an .eml file into mailDir without smtpUrl', async () => {
    const dir = path.join(mailDir, 'eml');
    const mailer = createMailer({ from: 'Back-office <no-reply@backoffice.test>', mailDir: dir, log: h.app.log });
    await mailer.send({ to: 'someone@example.com', subject: 'File check 7', text: 'Hello from a file.' });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-someone@example\.com\.eml$/);
    const raw = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/^Subject: File check 7$/m);
    expect(raw).toMatch(/^To: someone@example\.com$/m);
    expect(raw).toMatch(/^From: "Back-office" <no-reply@backoffice\.test>$/m);
    expect(raw).toContain('Hello from a file.');
  });
});
