// The walk (#26): one per language visits every screen of the app once — the routes of every resource
// declaration and of src/App.tsx (screens.ts), so a new screen is walked without editing this — and
// runs every per-screen check of checks.ts there (language, money, dates, widths at 1280 px, axe in
// ru), and the crash check throughout. On each screen it also opens each view (a dashboard's tabs),
// presses every distinct button of the content and reads what that opened (dialogs, menus, a select's
// options, a form's own checks, the snackbar of a failed call: every call but a read is cut off as a
// dropped network would, so nothing changes), then opens every declared dialog and menu (screens.ts
// OPENED), the booking widget, and the login page signed out. It asserts what it reached: every
// route, every declared dialog, at least one pressed button per declared form; a press that fails
// is a problem, not skipped.
//
// ru runs in an en-US browser and en in a ru-RU one: an amount, a date or an input that follows the
// browser instead of the app shows up in either. ru walks the RUB location 1; en walks the USD
// location 3 (its screens; the order page and the dialogs are location 1's, RUB in English marks).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiGet, bookEmptySession, signIn } from './helpers';
import { LOADING, checksFor, type Lang, type Visit, type VisitKind } from './checks';
import { dataNames } from './languageCheck';
import { OPENED, openedUrl, screens, watchCrashes } from './screens';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The location each language walks (see above). */
const LOCATION: Record<Lang, number> = { ru: 1, en: 3 };

/** Buttons not to press: the header (language, logout), paging, sorting, downloads, and the ones a walk would only repeat. */
const SKIP_NAME = /^(EN|RU|Экспорт.*|Export.*|CSV|XLSX|Выйти|Log out|Sign out|.*(страниц|page).*)$/i;
/**
 * A moment for what a press opens: its transition with motion (E2E_MOTION=full), a render and a read
 * without (the suite's browser asks for reduced motion, and the theme then opens dialogs at once).
 */
const MOMENT_MS = process.env.E2E_MOTION === 'full' ? 400 : 200;
const OVERLAY = '[role="dialog"]:visible, [role="menu"]:visible, [role="listbox"]:visible, [role="presentation"].MuiPopover-root:visible';

/** Every call that is not a read fails as on a dropped network: the walk changes nothing. */
async function readOnly(page: Page) {
  // Two POSTs change nothing: a live stream's ticket (without it a screen shows its offline notice)
  // and the widget's price of a session (without it the widget's form says "Something went wrong").
  const reads = (method: string, url: string) => ['GET', 'HEAD', 'OPTIONS'].includes(method)
    || /(?:\/events\/ticket\/|\/api\/public\/locations\/\d+\/price\/)(?:\?.*)?$/.test(url);
  await page.route('**/api/**', (route) => (reads(route.request().method(), route.request().url()) ? route.continue() : route.abort('internetdisconnected')));
}

/** No spinner left; one still there after `ms` is a problem of what is on screen. */
async function loaded(page: Page, where: string, ms = 10_000): Promise<string[]> {
  try {
    await expect(page.locator(LOADING)).toHaveCount(0, { timeout: ms });
    return [];
  } catch {
    return [`${where}: still loading after ${ms / 1000} s`];
  }
}

/** Loaded: the network quiet (or, on a screen with a live stream, 3 s gone) and no spinner left. */
async function settle(page: Page, where: string): Promise<string[]> {
  // A screen with a live stream is never network-idle (the stream stays open); its reads are done by then.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  return loaded(page, where);
}

/** The views of a screen after itself: each statistics dashboard's tab (a frame of its own, read once loaded). */
async function* views(page: Page): AsyncGenerator<string> {
  const tabs = page.locator('[data-testid^="dashboard-tab-"]');
  for (let i = 1; i < await tabs.count(); i++) {
    const id = (await tabs.nth(i).getAttribute('data-testid'))!.replace('dashboard-tab-', '');
    await tabs.nth(i).click();
    await expect(page.frameLocator(`[data-testid="dashboard-frame-${id}"]`).locator('h1')).toBeVisible();
    yield ` (dashboard ${id})`;
  }
}

/**
 * The distinct buttons of the screen's content (one per name: a row's actions are every row's), each
 * marked `data-walk` so it can be pressed; read in one call (a live screen re-renders often).
 */
async function contentButtons(page: Page, pressed: ReadonlySet<string> = new Set()): Promise<{ name: string; key: string; locator: Locator }[]> {
  const found = await page.evaluate((skip) => {
    // Marks of an earlier read go: a re-rendered screen numbers its buttons anew (two marked alike
    // made a press fail, which the old walk's swallowed errors hid).
    for (const el of Array.from(document.querySelectorAll('[data-walk]'))) el.removeAttribute('data-walk');
    // A screen that is a dialog over another (the multi-booking form's route) is that dialog: what is
    // under a modal cannot be pressed.
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter((d) => d.getBoundingClientRect().width > 0);
    const content = dialogs.at(-1) ?? document.querySelector('#main-content, .RaLayout-content') ?? document.body;
    const skipName = new RegExp(skip, 'i');
    const seen = new Set<string>();
    const out: { name: string; id: string; key: string }[] = [];
    const candidates = Array.from(content.querySelectorAll<HTMLElement>('button, [role="button"], [role="combobox"]'));
    for (const [i, el] of candidates.entries()) {
      if (el.closest('.MuiTablePagination-root, .MuiPagination-root, .MuiTableSortLabel-root')) continue;
      // Not shown: no box on screen (a zoomed-out "scroll to top" button is scaled to nothing), hidden or see-through.
      const box = el.getBoundingClientRect();
      if (el.matches('[disabled], [aria-disabled="true"]') || box.width < 1 || box.height < 1
        || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
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

/** Closes what is open (a dialog, its discard question, a menu) without saving anything. */
async function closeAll(page: Page) {
  for (let i = 0; i < 4 && await page.locator(OVERLAY).count(); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(Math.min(200, MOMENT_MS));
    // The discard guard asks before a half-filled form goes: the walk typed nothing of its own, so it discards.
    const discard = page.locator('[data-testid="discard-changes"]:visible button.MuiButton-colorError');
    if (await discard.count()) await discard.first().click();
  }
}

/** Closes an open select's or menu's popover (Escape) and waits until it is gone (its backdrop covers the page). */
async function closeMenus(page: Page) {
  const popover = page.locator('.MuiPopover-root, .MuiMenu-root, .MuiAutocomplete-popper');
  for (let i = 0; i < 3 && await popover.count(); i++) {
    await page.keyboard.press('Escape');
    // Still there after a second: Escape again; a popover that never goes makes the next press fail, with its reason.
    await popover.first().waitFor({ state: 'detached', timeout: 1_000 }).catch(() => undefined);
  }
}

/** Forms declared in src/resources (create or edit dialogs): each is reached by at least one press. */
function declaredForms(): number {
  const dir = path.join(ROOT, 'src/resources');
  return fs.readdirSync(dir).filter((folder) => ['index.ts', 'index.tsx'].some((f) => {
    const file = path.join(dir, folder, f);
    return fs.existsSync(file) && /\n\s*form:\s*\{/.test(fs.readFileSync(file, 'utf8'));
  })).length;
}

class Walk {
  readonly problems: string[] = [];
  readonly seen: Record<string, number> = {};
  readonly reached = { routes: 0, views: 0, opened: 0, pressed: 0 };
  readonly pressedKeys = new Set<string>();
  private readonly crashes: (where: string) => Promise<string[]>;

  constructor(readonly page: Page, readonly lang: Lang, readonly names: string[]) {
    this.crashes = watchCrashes(page);
  }

  /** Runs every check for this kind of visit; `known` problems (the screen's own, under a press) are not repeated. */
  async check(kind: VisitKind, where: string, known: ReadonlySet<string> = new Set()): Promise<string[]> {
    const visit: Visit = { page: this.page, lang: this.lang, kind, where, names: this.names, seen: this.seen };
    const found = [...await this.crashes(where)];
    for (const c of checksFor(kind, this.lang)) found.push(...await c.run(visit));
    const fresh = found.filter((p) => !known.has(what(p)));
    this.problems.push(...fresh);
    return found;
  }

  async screen(url: string) {
    const { page } = this;
    await page.goto(url);
    this.problems.push(...await settle(page, url));
    await expect(page, 'still signed in').not.toHaveURL(/\/login/);
    this.reached.routes++;
    const own = new Set((await this.check('screen', url)).map(what));
    for await (const view of views(page)) {
      this.reached.views++;
      await this.check('view', `${url}${view}`);
    }
    if (page.url() !== new URL(url, page.url()).href) await page.goto(url);
    await this.pressButtons(url, own);
  }

  /** Presses each new button of the screen and checks what it opens; a dialog's selects and its submit too. */
  private async pressButtons(url: string, own: ReadonlySet<string>) {
    const { page } = this;
    for (const { name, key } of await contentButtons(page, this.pressedKeys)) {
      // A button of the same name and test id on another screen is the same shared part (a list's
      // export, its date filter, a picker's "choose date"): pressed once in the walk, not on every list.
      this.pressedKeys.add(key);
      // Found again on the screen as it is now (a press may have re-rendered it).
      const button = (await contentButtons(page)).find((b) => b.name === name);
      // Gone with an earlier press (a day folded, a month turned): nothing to press, no failure.
      if (!button) continue;
      const where = `${url} › "${name}"`;
      try {
        await button.locator.click({ timeout: 5_000 });
      } catch (e) {
        this.problems.push(`${where}: could not be pressed (${reason(e)})`);
        continue;
      }
      this.reached.pressed++;
      this.problems.push(...await settleOverlay(page, where));
      await this.check('pressed', where, own);
      if (await page.locator('[role="dialog"]:visible').count()) {
        await this.readSelects(where, own);
        // The form's own checks: submit as it stands (a call it makes fails: nothing is saved).
        const submit = page.locator('[role="dialog"]:visible').last().locator('button[type="submit"]:visible').first();
        if (await submit.count() && await submit.isEnabled()) {
          await submit.click({ timeout: 5_000 });
          this.problems.push(...await settleOverlay(page, where, MOMENT_MS + 100));
          await this.check('pressed', `${where} › submit`, own);
        }
      }
      await closeAll(page);
      if (new URL(page.url()).pathname !== new URL(url, 'http://x').pathname) {
        await page.goto(url);
        this.problems.push(...await settle(page, url));
      }
    }
  }

  /** Opens each select of the open dialog and checks its options. */
  private async readSelects(where: string, own: ReadonlySet<string>) {
    const { page } = this;
    const dialog = page.locator('[role="dialog"]:visible').last();
    const selects = dialog.locator('[role="combobox"]:visible, [aria-haspopup="listbox"]:visible');
    const count = Math.min(await selects.count(), 8);
    for (let i = 0; i < count; i++) {
      // A menu still open (the press itself opened a select of the dialog) goes first: it covers the rest.
      await closeMenus(page);
      const select = selects.nth(i);
      // A select a dialog switched off (it waits for another field) has nothing to show yet.
      if (!await select.isEnabled()) continue;
      await select.click({ timeout: 5_000 });
      // A combobox that is a text field with suggestions opens nothing until typed into.
      const options = page.locator('[role="listbox"]:visible, [role="option"]:visible').first();
      if (await options.waitFor({ timeout: 1_000 }).then(() => true, () => false)) {
        await this.check('pressed', `${where} › select ${i + 1}`, own);
      }
      await closeMenus(page);
    }
  }

  /** A declared dialog or menu (screens.ts OPENED) over its screen, or the widget. */
  async opened(name: string, url: string, open?: (page: Page, lang: Lang) => Promise<Locator>) {
    const { page } = this;
    await page.goto(url);
    this.problems.push(...await settle(page, url));
    if (open) {
      try {
        await open(page, this.lang);
      } catch (e) {
        this.problems.push(`${url}: ${name} did not open (${reason(e)})`);
        return;
      }
      // Past the opening transition (a half-faded text reads as low contrast).
      await page.waitForTimeout(MOMENT_MS);
    }
    this.reached.opened++;
    await this.check('opened', `${url} ${name}`);
  }

  /** The customer widget's session form and its checks (the widget itself is an OPENED entry). */
  async widgetForm() {
    const { page } = this;
    const where = `/widget/ (${this.lang})`;
    await page.goto(`/widget/?location=1&lang=${this.lang}`);
    const session = page.getByTestId('widget-session').first();
    await expect(session, `${where}: a session to book`).toBeVisible();
    await session.click();
    this.problems.push(...await settleOverlay(page, where, MOMENT_MS + 100));
    await this.check('pressed', `${where} › a session`);
    // Its checks: a phone with letters, then the submit as it stands.
    await page.locator('form input[type="tel"]').first().fill('abc');
    const submit = page.getByTestId('widget-submit');
    if (await submit.isEnabled()) await submit.click();
    this.problems.push(...await settleOverlay(page, where, MOMENT_MS));
    await this.check('pressed', `${where} › checks`);
  }
}

/** A problem without where it was found. */
const what = (problem: string) => problem.slice(problem.indexOf(': ') + 2);

/** A moment for what a press opened (its transition), then no spinner (the live screens are never network-idle). */
async function settleOverlay(page: Page, where: string, ms = MOMENT_MS): Promise<string[]> {
  await page.waitForTimeout(ms);
  return loaded(page, where, 5_000);
}

/** The first lines of a Playwright error: what it waited for and why it gave up. */
const reason = (e: unknown) => String(e).split('\n').filter((l) => l.trim()).slice(0, 12).join(' / ');

export async function walk(page: Page, lang: Lang) {
  await page.setViewportSize({ width: 1280, height: 800 });
  // No step waits long for what is not there: a walk over every button must not hang on one.
  page.setDefaultTimeout(10_000);
  await signIn(page, ADMIN, lang);
  const location = LOCATION[lang];
  // An unpaid order for the pay dialog, made before the walk goes read-only.
  const { orderId } = await bookEmptySession(page, 4, 'Walk Guest');
  // A demo order (the oldest): the newest may be another test's, named in English on purpose.
  const orders = await apiGet<{ results: { id: number }[] }>(page, '/api/v2.1/locations/1/orders/?limit=1000');
  const order = Math.min(...orders.results.map((o) => o.id));
  const schedules = await apiGet<{ id: number }[]>(page, `/api/v2.1/schedule/?location=${location}`);
  const names = [...new Set([...await dataNames(page, 1), ...await dataNames(page, location)])];
  // #43 A shift of the walked location (its report's screen): the newest.
  const shift = (await apiGet<{ results: { id: number }[] }>(page, `/api/v2.2/locations/${location}/shifts/?limit=1`)).results[0]?.id ?? 1;
  const fill: Record<string, string> = { location_id: String(location), order_id: String(order), schedule_id: String(schedules[0]!.id), payment_id: '1', shift_id: String(shift) };
  // WALK_ONLY (a regular expression) walks only the matching routes, for a quick look at one screen.
  const only = process.env.WALK_ONLY ? new RegExp(process.env.WALK_ONLY) : null;
  const routes = screens().map((s) => s.route.replace(/:(\w+)/g, (_, n: string) => fill[n] ?? '1')).filter((url) => !only || only.test(url));
  await readOnly(page);
  const w = new Walk(page, lang, names);
  for (const url of routes) {
    const started = Date.now();
    const before = w.problems.length;
    await w.screen(url);
    // Written as found, so a slow or failing run shows where it was.
    console.log(`${lang} ${url}: ${Math.round((Date.now() - started) / 1000)} s${w.problems.length > before ? `\n  ${w.problems.slice(before).join('\n  ')}` : ''}`);
  }
  await w.widgetForm();
  if (only) {
    expect([...new Set(w.problems)]).toEqual([]);
    return;
  }
  for (const o of OPENED) await w.opened(o.name, openedUrl(o, lang, { unpaidOrder: orderId }), o.open);
  // The login page, signed out.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await w.check('screen', '/login (signed out)');
  w.reached.routes++;

  console.log(`${lang}: reached ${JSON.stringify(w.reached)}, saw ${JSON.stringify(w.seen)}`);
  // What it reached, from the registry: every route (and the login page), every declared dialog and
  // menu, a press per declared form at least; and the checks saw money and ran axe.
  expect(w.reached.routes).toBe(routes.length + 1);
  expect(w.reached.opened).toBe(OPENED.length);
  expect(w.reached.pressed).toBeGreaterThanOrEqual(declaredForms());
  expect(w.seen.amounts ?? 0).toBeGreaterThan(lang === 'ru' ? 20 : 5);
  if (lang === 'ru') expect(w.seen.axe).toBe(routes.length + 1 + OPENED.length);
  expect([...new Set(w.problems)]).toEqual([]);
}
