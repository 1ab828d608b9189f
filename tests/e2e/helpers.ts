import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const MANAGER = { email: 'manager@example.com', password: 'manager123' };
export const STAFF = { email: 'staff@example.com', password: 'staff123' };

export type Who = { email: string; password: string };
export type Lang = 'ru' | 'en';

/**
 * The languages a generated per-list test runs in: one per list, taking turns (ru, en, ru, …), since
 * every list is the same component and a second language only repeated it (about 2 minutes of the
 * suite); every screen's words are read in both languages by the walks. E2E_BOTH_LANGS=1 runs both.
 */
export const langsOfGenerated = (index: number): readonly Lang[] =>
  (process.env.E2E_BOTH_LANGS === '1' ? ['ru', 'en'] : [index % 2 === 0 ? 'ru' : 'en']);

/** Where the setup project (auth.setup.ts) keeps each role's signed-in browser state, per language. */
export const AUTH_DIR = `${E2E_DATA_DIR}-auth`;
export const stateFile = (who: Who, lang: Lang) => path.join(AUTH_DIR, `${who.email.split('@')[0]}-${lang}.json`);

/**
 * Signs in through the login form (ru labels unless `lang` says en) and waits for /locations: its own
 * token. For the specs about signing in and out, and for every test that ends its session (a logout
 * revokes the token, which would sign every later test out of the shared state of `signIn`).
 */
export async function signInThroughForm(page: Page, who: Who, lang: Lang = 'ru') {
  await page.goto('/login');
  if (lang === 'en') await page.getByRole('button', { name: 'EN' }).click();
  await page.getByLabel(lang === 'en' ? 'Email' : 'Электронная почта').fill(who.email);
  await page.getByLabel(lang === 'en' ? 'Password' : 'Пароль', { exact: false }).first().fill(who.password);
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/locations$/);
}

/**
 * Signed in as `who` in `lang` without the login page: the browser state the setup project saved
 * after its one sign-in per role and language (Playwright's storageState), then `at` (/locations by
 * default: a test that goes on to a screen of its own opens it at once, one page load instead of two).
 * The token is shared by every test of the run: a test that logs out uses signInThroughForm instead.
 */
export async function signIn(page: Page, who: Who, lang: Lang = 'ru', at = '/locations') {
  const file = stateFile(who, lang);
  // A revoked token sends the app to the login page after its first call, and a test that opens a
  // screen of its own would fail at its first step there, far from the cause: ask first.
  const token = savedToken(file);
  const me = await page.request.get('/api/v2.1/users/am/', { headers: { Authorization: `Token ${token}` } });
  expect(me.status(), `the saved session of ${who.email} (${lang}) was revoked: a test that logs out or resets a password must use signInThroughForm, or save the state again (saveSignedInState)`)
    .toBe(200);
  await page.context().setStorageState(file);
  await page.goto(at);
}

function savedToken(file: string): string {
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  return state.origins.flatMap((o) => o.localStorage).find((x) => x.name === 'token')?.value ?? '';
}

/** Signs `who` in through the form in a browser context of its own and saves it for `signIn`. */
export async function saveSignedInState(browser: Browser, who: Who, lang: Lang, baseURL: string | undefined) {
  fs.mkdirSync(AUTH_DIR, { recursive: true });
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInThroughForm(page, who, lang);
  await context.storageState({ path: stateFile(who, lang) });
  await context.close();
}

/** The newest letter to `to` in the server's mail folder (written when SMTP_URL is unset). */
export async function waitForLetter(to: string, since: number): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  for (let i = 0; i < 50; i++) {
    if (fs.existsSync(dir)) {
      const files = fs.readdirSync(dir)
        .filter((f) => f.endsWith('.eml') && f.includes(to) && fs.statSync(path.join(dir, f)).mtimeMs >= since)
        .sort();
      const last = files.at(-1);
      if (last) return fs.readFileSync(path.join(dir, last), 'utf8');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no letter to ${to}`);
}

/** The text of a single-part letter, whatever transfer encoding the mailer chose. */
export function letterText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  const encoding = headers.match(/^Content-Transfer-Encoding:\s*(\S+)/im)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A slot as the booking calendar's API returns it (the fields the tests read). */
export interface Slot {
  time_start: string;
  begin: string;
  available_persons: number;
  archived: boolean;
  orders: { id: number }[];
  pricing: { session_price: string | null; personal_price: string | null } | null;
}

export async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Authorization: `Token ${await token(page)}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Today's business date in Moscow (the day starts at 06:00), plus `days`. */
export function moscowDate(days: number): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  const base = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - (Number(parts.hour) < 6 ? 1 : 0)));
  base.setUTCDate(base.getUTCDate() + days);
  return base.toISOString().slice(0, 10);
}

/** Books an empty afternoon session of Куб 1 `days` from today through the API (one guest). */
export async function bookEmptySession(page: Page, days: number, name = 'Certificate Guest', extra: Record<string, unknown> = {}): Promise<{ date: string; slot: Slot; orderId: number }> {
  const date = moscowDate(days);
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
  const slot = slots.find((s) => s.orders.length === 0 && !s.archived && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00')!;
  const games = await apiGet<{ id: number }[]>(page, '/api/v2.2/playgrounds/1/games_for_booking/');
  const res = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: 1, persons: 1, order_type: 1, name, phone: '+79990002233', session_dt: slot.time_start, game_id: games[0]!.id, ...extra },
  });
  expect(res.status()).toBe(201);
  return { date, slot, orderId: (await res.json()).id };
}

/** An app date field (MUI X picker, src/components/forms/DateField.tsx) by its label. */
export const dateField = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: label, exact: true });

/** 'YYYY-MM-DD' as the date fields show it. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * Types an ISO day into a date field as a person does (day, month, year, the field moves on by
 * itself); `target` is the field (dateField) or its input (a data-testid).
 */
export async function typeDate(target: Locator, iso: string) {
  const group = target.locator('xpath=ancestor-or-self::*[@role="group"][1]');
  // A field whose picker has not arrived yet (the day view's toolbar waits for the pointer or the
  // focus; a form's field for its chunk) is a plain field: focus wakes it, and the picker's group
  // is waited for below. Focus, not hover: the plain field may already be gone by then.
  if ((await group.count()) === 0) await target.focus();
  await group.locator('[role="spinbutton"]').first().click();
  await target.page().keyboard.press('ControlOrMeta+a');
  await target.page().keyboard.type(shownDate(iso).replace(/\./g, ''), { delay: 40 });
  // And moves on, as a person does: the field is touched and its rules speak.
  await target.page().keyboard.press('Tab');
}

/**
 * From now on, the page's session lacks `codename` at the location (#28: a screen follows the
 * permissions held at its location, which `/locations/{id}/` carries): its answers are rewritten
 * without it, as for a user who never held it there. Another call replaces the codename; '' keeps all.
 */
export async function lackPermissionAt(page: Page, locationId: number): Promise<(codename: string) => void> {
  let lacking = '';
  await page.route(new RegExp(`/api/v2\\.1/locations/${locationId}/$`), async (route) => {
    const response = await route.fetch();
    const location = await response.json();
    await route.fulfill({ response, json: { ...location, permissions: (location.permissions ?? []).filter((p: string) => p !== lacking) } });
  });
  return (codename: string) => { lacking = codename; };
}

/**
 * A short tag in letters only that tells this run's records apart ("kqbfde"): a name a test makes
 * with digits in it ("E2E 98377") reads as an ungrouped number to the walk's number check, on
 * every screen that lists it later in the same shard.
 */
export function letterTag(): string {
  return Date.now().toString(36).slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
}

/** A new ACTIVE gift certificate of location 1 worth `rate` (one of the location's rates), made and activated by the signed-in user through the API; its number. */
export async function activeCertificate(page: Page, rate: string, buyer = 'Gift Buyer'): Promise<string> {
  const headers = { Authorization: `Token ${await token(page)}` };
  const made = await page.request.post('/api/v2.2/certificate/', { headers, data: { rate, type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const [created] = await made.json() as { unique_number: string }[];
  const me = await apiGet<{ uid: string }>(page, '/api/v2.1/users/am/');
  const activated = await page.request.post(`/api/v2.2/certificate/${created!.unique_number}/activate/`, {
    headers, data: { seller: me.uid, name: buyer, phone: '+79990001122', email: 'gift.buyer@example.com', location_id: 1 },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  return created!.unique_number;
}
