// What the language check of the walk (walk.spec.ts, checks.ts languageCheck: every screen and what
// a user opens on it) reads and what it fails on: in ru an untranslated key, a word from the English
// list, a raw enum code; in en Cyrillic in the interface's own texts.
import type { Page } from '@playwright/test';
import { apiGet } from './helpers';
import { DOMAIN_BRANDS, MIXED_SCRIPT_BRANDS } from '../../domain/brands';
import {
  CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS, ORDER_SOURCE_LABELS, PAYMENT_STATUS_LABELS, TRANSACTION_TYPE_LABELS,
} from '../../domain/enumLabels';

/**
 * English words that must not stand in a Russian screen (the leaks issue #18 names, and the
 * interface's common words). Names, codes and brand words (VR, CSV, XLSX, ID, Email — a loanword in
 * Russian forms) are not here; code shown as code (<pre>, <code>: the widget's embed snippet) and
 * dotted identifiers (webhook events such as order.created) are codes, not words.
 */
export const ENGLISH_WORDS = [
  'payment', 'payments', 'link', 'top-up', 'backoffice', 'back-office', 'order', 'orders', 'booking', 'status', 'paid', 'unpaid',
  'cancel', 'cancelled', 'save', 'delete', 'edit', 'create', 'search', 'loading', 'error', 'total', 'amount', 'date', 'price',
  'active', 'expired', 'used', 'digital', 'physical', 'processing', 'failed', 'refund', 'refill', 'chargeoff', 'overdraft',
  'minimumfee', 'vatfee', 'pending', 'confirmed', 'cart', 'type', 'user', 'users', 'location', 'locations', 'balance', 'yes', 'no',
  'sessions', 'session', 'schedule', 'group', 'name', 'phone', 'comment', 'discount', 'cost', 'source', 'widget',
  // What a failed call, a form's check or a browser says when nothing translates it (#18, dialogs and snackbars).
  'failed to fetch', 'network', 'required', 'invalid', 'not found', 'unknown', 'undefined', 'null', 'nan', 'object',
  'close', 'confirm', 'submit', 'please',
];

/** Raw codes of the domain's enums (string codes; number codes are checked in enum cells). */
export const ENUM_CODES = [...new Set([PAYMENT_STATUS_LABELS, TRANSACTION_TYPE_LABELS, CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS, ORDER_SOURCE_LABELS]
  .flatMap((labels) => Object.keys(labels)))];

/** Table cells of enum columns (src/resources declarations' `enum` kind): never a bare number or code. */
export const ENUM_CELLS = 'td.column-status, td.column-type, td.column-order_type, td.column-payment_type, td.column-session_type, td.column-source';

export const I18N_KEY = /\b(?:app|resources|ra|validation)\.[A-Za-z_]+\.[A-Za-z_.]+/;

/**
 * What the pages in the screen's frames show (the statistics dashboards are server pages in a frame,
 * with their own words for payment types and statuses: they must read like the lists).
 */
async function framesText(page: Page): Promise<string> {
  const texts = await Promise.all(page.frames().filter((f) => f !== page.mainFrame())
    .map((f) => f.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
  return texts.join('\n');
}

/** What the user reads: the page's text, the fields' labels and placeholders, the buttons' names. */
export async function visibleText(page: Page): Promise<string> {
  return (await framesText(page)) + '\n' + await page.evaluate(() => {
    let body = document.body.innerText;
    for (const code of Array.from(document.querySelectorAll<HTMLElement>('pre, code, textarea'))) body = body.split(code.innerText).join(' ');
    const parts = [body, document.title];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '', el.getAttribute('title') ?? '');
    }
    // Dotted identifiers (webhook events such as order.created) are codes, in the text and in a cut cell's title alike.
    // Not an i18n key, though: those are what the check is for (stripping them too hid every untranslated key in ru).
    return parts.join('\n').replace(/(?<![.\w])(?!(?:app|resources|ra|validation)\.)[a-z_]+(?:\.[a-z_]+)+\b/g, ' ');
  });
}

/**
 * The interface's own texts (no data cells): headings, labels, buttons, headers, tabs, menus, chips,
 * dialogs' titles and texts, options of a select, notifications and tooltips; and the frames' pages.
 */
export async function chromeText(page: Page): Promise<string> {
  return (await framesText(page)) + '\n' + await page.evaluate(() => {
    const chrome = 'h1, h2, h3, h4, h5, h6, label, legend, th, button, [role="tab"], [role="menuitem"], [role="option"], [role="tooltip"], '
      + '.MuiChip-label, .MuiAlert-message, .MuiFormHelperText-root, .MuiTablePagination-root, .MuiDialogContentText-root, '
      + '.MuiSnackbarContent-message, [data-testid="records-empty"]';
    const parts = Array.from(document.querySelectorAll<HTMLElement>(chrome)).map((el) => el.innerText);
    // Not [title]: the lists' cut cells carry their data there (a customer's name, a description).
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder]'))) parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '');
    parts.push(document.title);
    return parts.join('\n');
  });
}

/** What is wrong with a Russian text: keys, English words, each once, prefixed with where it was read. */
export function russianProblems(where: string, text: string): string[] {
  const problems: string[] = [];
  const key = I18N_KEY.exec(text);
  if (key) problems.push(`${where}: untranslated key ${key[0]}`);
  // Addresses are codes, not words: e-mails and links (a QR code's link names its ?location=&group=).
  const withoutMail = text.replace(/\S+@\S+/g, '').replace(/\bhttps?:\/\/\S+/g, '');
  for (const word of ENGLISH_WORDS) {
    const escaped = word.replace(/-/g, '\\-').replace(/ /g, '\\s+');
    if (new RegExp(`(^|[^A-Za-z@.\\-])${escaped}($|[^A-Za-z@\\-])`, 'i').test(withoutMail)) problems.push(`${where}: English word "${word}"`);
  }
  return problems;
}

/** What is wrong with an English interface text (data names taken out): keys, Cyrillic lines. */
export function englishProblems(where: string, chrome: string, names: string[]): string[] {
  let text = chrome;
  // A language is offered in its own name ("Русский" in a language choice), as everywhere.
  for (const name of [...names, 'Русский']) text = text.split(name).join('');
  const problems: string[] = [];
  const key = I18N_KEY.exec(text);
  if (key) problems.push(`${where}: untranslated key ${key[0]}`);
  // Each line apart, so a walk can tell the lines a dialog adds from the screen's own.
  for (const line of new Set(text.split('\n').map((l) => l.trim()).filter((l) => /[А-Яа-яЁё]/.test(l)))) problems.push(`${where}: Cyrillic "${line}"`);
  return problems;
}

/** Raw codes in the enum columns of the tables on the page. */
export async function rawEnumCells(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const cell of await page.locator(ENUM_CELLS).allInnerTexts()) {
    const value = cell.trim();
    if (/^\d+$/.test(value) || ENUM_CODES.includes(value)) problems.push(`${where}: raw code "${value}" in an enum column`);
  }
  return problems;
}

/**
 * The data names that may be Cyrillic in the en interface: the location's (and its address, which the
 * widget preview in a frame shows: the public call's), its playgrounds', groups', schedules' and the
 * user's, the location's games (the booking forms' options) and the currencies' symbols, as the API gives them.
 */
export async function cyrillicDataNames(page: Page, locationId = 1): Promise<string[]> {
  return (await dataNames(page, locationId)).filter((n) => /[А-Яа-яЁё]/.test(n));
}

/** The same data names, in whatever script (the ru check takes the Latin ones out: a game called "Beat Saber"). */
export async function dataNames(page: Page, locationId = 1): Promise<string[]> {
  const { address } = await (await page.request.get(`/api/public/locations/${locationId}/`)).json() as { address: string | null };
  const location = await apiGet<{ name: string; playgrounds: { name: string }[]; playground_groups?: { name: string }[] }>(page, `/api/v2.1/locations/${locationId}/`);
  const user = await apiGet<{ name?: string }>(page, '/api/v2.1/users/am/');
  const schedules = await apiGet<{ name: string }[]>(page, `/api/v2.1/schedule/?location=${locationId}`);
  const games = await apiGet<{ name: string }[] | { results: { name: string }[] }>(page, `/api/v2.1/locations/${locationId}/games/`);
  // A currency's symbol is how its money is written, in its own script ("лв.", "сом" in the en choice of currencies).
  const currencies = await apiGet<{ unicode: string }[]>(page, '/api/v2.1/currencies/');
  // The name the browser's saved session shows in the profile menu: the sign-in's, which a spec that
  // renamed the user since (profile.spec.ts) leaves behind in the shared storageState.
  const sessionName = await page.evaluate(() => Object.values(localStorage).map((v) => {
    try { return (JSON.parse(v) as { name?: unknown } | null)?.name; } catch { return undefined; }
  }).find((n): n is string => typeof n === 'string'));
  return [location.name, address ?? '', ...location.playgrounds.map((p) => p.name), ...(location.playground_groups ?? []).map((g) => g.name),
    ...schedules.map((x) => x.name), user.name ?? '', sessionName ?? '', ...(Array.isArray(games) ? games : games.results).map((g) => g.name),
    ...currencies.map((c) => c.unicode).filter((symbol) => /[А-Яа-яЁёЎў]/.test(symbol))]
    .filter(Boolean);
}

/**
 * Latin words in the headings, labels, column headers, tabs and messages of a Russian screen: a
 * missing translation shows react-admin's humanised field name ("Promocode"), a leaked English label
 * any word, neither of them in the word list above. Codes and names are not words here: all-caps
 * tokens (VR, CSV, XLSX, ID, UUID, QR), the loanword Email, e-mails, links, dotted identifiers and the
 * data names given (games, playgrounds, the user).
 */
export async function latinInRussianChrome(page: Page, where: string, names: string[]): Promise<string[]> {
  let text = (await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>(
    'h1, h2, h3, h4, h5, h6, label, legend, th, [role="tab"], .MuiFormHelperText-root, .MuiAlert-message, .MuiTablePagination-root, .MuiDialogContentText-root, .MuiDialogTitle-root',
  )).filter((el) => el.offsetWidth || el.offsetHeight).map((el) => el.innerText).join('\n')))
    .replace(/\S+@\S+/g, ' ').replace(/\bhttps?:\/\/\S+/g, ' ').replace(/(?<![.\w])(?!(?:app|resources|ra|validation)\.)[a-z_]+(?:\.[a-z_]+)+\b/g, ' ');
  for (const name of [...names].sort((a, b) => b.length - a.length)) if (/[A-Za-z]/.test(name)) text = text.split(name).join(' ');
  // A brand as its owner writes it in Russian («ЮKassa») is a name, not a leaked English word.
  for (const brand of [...MIXED_SCRIPT_BRANDS, ...DOMAIN_BRANDS]) text = text.split(brand).join(' ');
  const words = [...text.matchAll(/[A-Za-z][A-Za-z'-]*/g)].map((m) => m[0]).filter((w) => /[a-z]/.test(w) && w !== 'Email');
  return [...new Set(words)].map((w) => `${where}: Latin word "${w}" in the interface`);
}
