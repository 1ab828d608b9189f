// What a user opens ON a screen speaks the chosen language too (#18): the walk of language.spec.ts
// reads each screen as it loads; this one, on every route, presses every distinct button of the
// screen's content (create and edit dialogs, row actions, filter menus, confirmations, the booking
// and multi-booking dialogs, the search dialog), opens every select of what appeared and reads its
// options, presses the dialog's submit to show the form's own checks, and reads the snackbar a
// failed call leaves. Nothing is changed: every call but a GET is cut off as a dropped network would
// (so the error texts a user then reads are walked too). The customer widget is walked in both
// languages: the day's sessions, the booking form and its checks.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiGet, signIn } from './helpers';
import {
  appRoutes, chromeText, cyrillicDataNames, englishProblems, rawEnumCells, russianProblems, settle, visibleText,
} from './languageCheck';

/** A short settle: the screens keep a live stream open, so "network idle" never comes; a moment, then no spinner. */
async function pause(page: Page, ms = 250) {
  await page.waitForTimeout(ms);
  await expect(page.locator('.MuiLinearProgress-root:visible, [role="progressbar"]:visible')).toHaveCount(0, { timeout: 3_000 }).catch(() => undefined);
}

type Lang = 'ru' | 'en';

/** Buttons not to press: the header (language, logout), paging, sorting, downloads, and the ones a walk would only repeat. */
const SKIP_NAME = /^(EN|RU|Экспорт.*|Export.*|CSV|XLSX|Выйти|Log out|Sign out|.*(страниц|page).*)$/i;

/** Every call that is not a read fails as on a dropped network: the walk changes nothing. */
async function readOnly(page: Page) {
  await page.route('**/api/**', (route) => (['GET', 'HEAD', 'OPTIONS'].includes(route.request().method()) ? route.continue() : route.abort('internetdisconnected')));
}

/** A problem without where it was found. */
const what = (problem: string) => problem.slice(problem.indexOf(': ') + 2);

/** What is wrong with what the page shows now, in `lang`. */
async function check(page: Page, lang: Lang, where: string, names: string[]): Promise<string[]> {
  if (lang === 'ru') return [...russianProblems(where, await visibleText(page)), ...await rawEnumCells(page, where)];
  return englishProblems(where, await chromeText(page), names);
}

/**
 * The distinct buttons of the screen's content (one per name: a row's actions are every row's), each
 * marked `data-walk` so it can be pressed; read in one call (a live screen re-renders often).
 */
async function contentButtons(page: Page, pressed: ReadonlySet<string> = new Set()): Promise<{ name: string; key: string; locator: Locator }[]> {
  const found = await page.evaluate((skip) => {
    const content = document.querySelector('#main-content, .RaLayout-content') ?? document.body;
    const skipName = new RegExp(skip, 'i');
    const seen = new Set<string>();
    const out: { name: string; id: string; key: string }[] = [];
    const candidates = Array.from(content.querySelectorAll<HTMLElement>('button, [role="button"], [role="combobox"]'));
    for (const [i, el] of candidates.entries()) {
      if (el.closest('.MuiTablePagination-root, .MuiPagination-root, .MuiTableSortLabel-root')) continue;
      if (el.matches('[disabled], [aria-disabled="true"]') || !(el.offsetWidth || el.offsetHeight)) continue;
      const name = (el.getAttribute('aria-label') || el.innerText || el.getAttribute('title') || '').trim().replace(/\s+/g, ' ');
      const testId = (el.getAttribute('data-testid') ?? '').replace(/-\d+$/, '');
      if ((!name && !testId) || skipName.test(name)) continue;
      const key = `${name.replace(/\d+/g, '#')}|${testId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      el.setAttribute('data-walk', String(i));
      out.push({ name: name || testId, id: String(i), key });
    }
    return out;
  }, SKIP_NAME.source);
  return found.filter((b) => !pressed.has(b.key)).slice(0, 12)
    .map((b) => ({ name: b.name, key: b.key, locator: page.locator(`[data-walk="${b.id}"]`) }));
}

const OVERLAY = '[role="dialog"]:visible, [role="menu"]:visible, [role="listbox"]:visible, [role="presentation"].MuiPopover-root:visible';

/** Opens each select of the open dialog and reads its options. */
async function readSelects(page: Page, lang: Lang, where: string, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  const dialog = page.locator('[role="dialog"]:visible').last();
  const selects = dialog.locator('[role="combobox"]:visible, [aria-haspopup="listbox"]:visible');
  const count = Math.min(await selects.count(), 8);
  for (let i = 0; i < count; i++) {
    const select = selects.nth(i);
    if (!await select.isEnabled().catch(() => false)) continue;
    await select.click({ timeout: 1_500 }).catch(() => undefined);
    if (await page.locator('[role="listbox"]:visible, [role="option"]:visible').first().isVisible({ timeout: 1_000 }).catch(() => false)) {
      problems.push(...await check(page, lang, `${where} › select ${i + 1}`, names));
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(150);
  }
  return problems;
}

/** Closes what is open (a dialog, its discard question, a menu) without saving anything. */
async function closeAll(page: Page) {
  for (let i = 0; i < 4 && await page.locator(OVERLAY).count(); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    // The discard guard asks before a half-filled form goes: the walk typed nothing of its own, so it discards.
    const discard = page.locator('[data-testid="discard-changes"]:visible button.MuiButton-colorError');
    if (await discard.count()) await discard.first().click().catch(() => undefined);
  }
}

/** Presses each button of the screen and reads what it opens; a dialog's selects and its submit too. */
async function walkScreen(page: Page, route: string, lang: Lang, names: string[], pressed: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(route);
  await settle(page);
  await expect(page, 'still signed in').not.toHaveURL(/\/login/);
  // The screen as it loads is language.spec.ts's: here only what a press adds is reported.
  const before = new Set((await check(page, lang, '', names)).map(what));
  const fresh = (found: string[]) => found.filter((p) => !before.has(what(p)));
  const buttons = await contentButtons(page, pressed);
  for (const { name, key } of buttons) {
    // A button of the same name and test id on another screen is the same shared part (a list's
    // export, its date filter, a picker's "choose date"): pressed once in the walk, not on every list.
    pressed.add(key);
    // Found again on the screen as it is now (a press may have re-rendered it).
    const button = (await contentButtons(page)).find((b) => b.name === name);
    if (!button) continue;
    const where = `${route} › "${name}"`;
    await button.locator.click({ timeout: 2_000 }).catch(() => undefined);
    await pause(page, 400);
    problems.push(...fresh(await check(page, lang, where, names)));
    if (await page.locator('[role="dialog"]:visible').count()) {
      problems.push(...fresh(await readSelects(page, lang, where, names)));
      // The form's own checks: submit as it stands (a call it makes fails: nothing is saved).
      const submit = page.locator('[role="dialog"]:visible').last().locator('button[type="submit"]:visible').first();
      if (await submit.count() && await submit.isEnabled()) {
        await submit.click({ timeout: 2_000 }).catch(() => undefined);
        await page.waitForTimeout(500);
        problems.push(...fresh(await check(page, lang, `${where} › submit`, names)));
      }
    }
    await closeAll(page);
    if (new URL(page.url()).pathname !== new URL(route, 'http://x').pathname) {
      await page.goto(route);
      await pause(page, 500);
    }
  }
  return problems;
}

/** The customer widget: the day's sessions, a session's form, its checks. */
async function walkWidget(page: Page, lang: Lang, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  const where = `/widget/ (${lang})`;
  await page.goto(`/widget/?location=1&lang=${lang}`);
  await pause(page, 1_000);
  problems.push(...await check(page, lang, where, names));
  const session = page.getByTestId('widget-session').first();
  if (await session.count() && await session.isEnabled().catch(() => false)) {
    await session.click().catch(() => undefined);
    await pause(page, 500);
    problems.push(...await check(page, lang, `${where} › a session`, names));
    // Its checks: a phone with letters, then the submit as it stands.
    const phone = page.locator('form input[type="tel"]').first();
    if (await phone.count()) await phone.fill('abc').catch(() => undefined);
    const submit = page.getByTestId('widget-submit');
    if (await submit.count() && await submit.isEnabled().catch(() => false)) await submit.click().catch(() => undefined);
    await pause(page, 300);
    problems.push(...await check(page, lang, `${where} › checks`, names));
  }
  return problems;
}

test.describe.configure({ timeout: 600_000 });

async function walkAll(page: Page, lang: Lang) {
  await signIn(page, ADMIN, lang);
  // No press waits long for what is not there: a walk over every button must not hang on one.
  page.setDefaultTimeout(5_000);
  const orders = await apiGet<{ results: { id: number }[] }>(page, '/api/v2.1/locations/1/orders/?limit=1000');
  const schedules = await apiGet<{ id: number }[]>(page, '/api/v2.1/schedule/?location=1');
  const names = await cyrillicDataNames(page);
  const routes = appRoutes({ location: 1, order: Math.min(...orders.results.map((o) => o.id)), schedule: schedules[0]!.id });
  await readOnly(page);
  const problems: string[] = [];
  let walked = 0;
  const pressed = new Set<string>();
  for (const route of routes) {
    const started = Date.now();
    const found = await walkScreen(page, route, lang, names, pressed);
    // Written as found, so a slow run still shows what it found so far.
    console.log(`${route}: ${Math.round((Date.now() - started) / 1000)} s${found.length ? `\n  ${[...new Set(found)].join('\n  ')}` : ''}`);
    problems.push(...found);
    walked++;
  }
  problems.push(...await walkWidget(page, lang, names));
  expect(walked).toBe(routes.length);
  expect([...new Set(problems)]).toEqual([]);
}

test('ru: every dialog, menu, select, check and error a screen opens speaks Russian', async ({ page }) => {
  await walkAll(page, 'ru');
});

test('en: every dialog, menu, select, check and error a screen opens speaks English', async ({ page }) => {
  await walkAll(page, 'en');
});
