// #28, #42: a venue goes live from an empty database, as its owner does it with the product as the
// guide. A server of its own (not the demo one of playwright.config.ts) on a free port of its own
// (a fixed one was still held by a timed-out attempt's server when the retry started), with an
// empty data folder and SEED_DEMO=false: the setup
// link read from its log, then the owner's walk (setupWalk.ts), every step reached from the setup
// checklist: the owner, the first location found by its city, a playground, its group, a schedule with
// a price, a cashier invited (the letter arrives; joining by it is staff.spec.ts's), a walk-in booked
// and paid in cash. Its clicks are counted and held to 45 (#42; 73 before). ru walks on a phone's
// width (390 px), en at 1280 px; the owner then finds all of it in the activity list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from './test';
import { letterText } from './helpers';
import { ownerWalk, say } from './setupWalk';
import { texts } from '../../src/widget/texts';
import { freePort } from '../../server/platform/ports';

/** #42 The most clicks the walk may take (one per click, tap or field focus). */
const MOST_CLICKS = 45;

interface Server { child: ChildProcess; log: () => string; dir: string; base: string }

async function startEmptyServer(): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-setup-e2e-'));
  // The embedded PostgreSQL may run as another user (as root): it must reach the folder.
  fs.chmodSync(dir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, PUBLIC_URL: base, SEED_DEMO: 'false', LOG_LEVEL: 'info', EMBEDDED_PG_THROWAWAY: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A worker ended by a timeout takes its server with it: nothing outlives the attempt.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  for (let i = 0; i < 900 && child.exitCode === null; i++) {
    // Up when its own log says so (then /healthz answers): not whatever else answers on the port.
    if (out.includes('back-office is up') && await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { child, log: () => out, dir, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the empty server did not come up:\n${out}`);
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dir, { recursive: true, force: true });
}

const TEXTS = {
  ru: {
    usedLink: 'Установка уже настроена: ссылка первого запуска использована.',
    entries: ['Локация создана', 'Игровая зона создана: Куб 1', 'Приглашение отправлено', 'Оплата'],
    booked: 'Бронирование создано', bookedFields: ['Клиент: Гость', 'Сеанс: Куб 1', 'Тип заказа: Платный'],
  },
  en: {
    usedLink: 'This installation is already set up: its setup link has been used.',
    entries: ['Location created', 'Playground created: Куб 1', 'Invitation sent', 'Payment'],
    booked: 'Booking made', bookedFields: ['Customer: Гость', 'Session: Куб 1', 'Order type: Paid'],
  },
};

/** The newest letter to `to` in the server's mail folder. */
async function letterTo(server: Server, to: string): Promise<string> {
  const dir = path.join(server.dir, 'mail');
  for (let i = 0; i < 100; i++) {
    const file = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(to)).sort().at(-1) : undefined;
    if (file) return letterText(fs.readFileSync(path.join(dir, file), 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no letter to ${to}`);
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a venue goes live from an empty database in at most ${MOST_CLICKS} clicks, every step from the setup checklist${lang === 'ru' ? ', on a phone (390 px)' : ''}; the widget books it paid at the venue, the schedule form warns of a prepayment; all of it in the activity list`, async ({ page }) => {
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    if (lang === 'ru') await page.setViewportSize({ width: 390, height: 844 });
    const server = await startEmptyServer();
    const base = server.base;
    try {
      const link = server.log().match(/https?:\/\/\S+\/setup\/[0-9a-f]{40}/)?.[0];
      expect(link, server.log()).toBeTruthy();
      expect(server.log().match(/\/setup\/[0-9a-f]{40}/g)).toHaveLength(1);

      const cashier = `cashier-${lang}@example.com`;
      const { clicks, locationId } = await ownerWalk(page, link!.replace(/^https?:\/\/[^/]+/, base), lang, cashier);
      console.log(`${lang}: ${clicks.count} clicks: ${clicks.steps.join(' | ')}`);
      expect(clicks.count, clicks.steps.join(' | ')).toBeLessThanOrEqual(MOST_CLICKS);
      // The invitation went out in the owner's language.
      expect(await letterTo(server, cashier)).toMatch(/\/invitation\/[0-9a-f]+/);

      // #42 A customer books in the widget before any online payment is connected: no prepayment asked,
      // the booking is made unpaid and the widget says what is paid at the venue.
      const w = texts(lang);
      await page.goto(`${base}/widget/?location=${locationId}&lang=${lang}`);
      await page.getByTestId('widget-session').first().click();
      await page.getByLabel(w('name'), { exact: true }).fill('Виджет Гость');
      await page.getByLabel(w('phone'), { exact: true }).fill('+79990002233');
      await page.getByLabel(w('email'), { exact: true }).fill(`guest-${lang}@example.com`);
      await page.getByRole('checkbox', { name: w('consent') }).check();
      await page.getByTestId('widget-submit').click();
      await expect(page.getByTestId('widget-result-at-venue')).toContainText(w('payAtVenue', { amount: '' }).trim());
      await expect(page.getByTestId('widget-result-at-venue')).toContainText(/3[\s\u00a0\u202f,]000[.,]00/);

      // #42 A prepayment asked with no provider connected: the schedule form warns, with the way to connect one.
      await page.goto(`${base}/locations/${locationId}/schedules_and_playgrounds`);
      await page.getByRole('link', { name: lang === 'ru' ? 'Основное' : 'Main' }).first().click();
      await page.getByRole('tab', { name: say(lang, 'app.scheduleEditor.tabGrid') }).click();
      await page.getByLabel(say(lang, 'app.scheduleEditor.prepayment')).first().fill('50');
      const warning = page.getByTestId('schedule-prepaid-warning');
      await expect(warning).toContainText(say(lang, 'app.readiness.prepaidWarning'));
      await expect(warning.getByRole('link', { name: say(lang, 'app.readiness.connect') })).toHaveAttribute('href', `/locations/${locationId}/tools?tab=payments`);
      await page.getByLabel(say(lang, 'app.scheduleEditor.prepayment')).first().fill('0');
      await expect(warning).toHaveCount(0);

      // The link is used up: the setup page says so (#42), with the way to sign in.
      await page.goto(link!);
      await expect(page.getByTestId('setup-link-dead')).toContainText(t.usedLink);

      // The owner reads who did what: the location, the playground, the invitation, the cash, and the
      // walk-in itself with what it holds in words (#41).
      await page.goto(`${base}/locations/${locationId}/activity?perPage=50`);
      for (const entry of t.entries) await expect(page.getByText(entry, { exact: false }).first()).toBeVisible();
      await expect(page.getByText(t.booked).first()).toBeVisible();
      for (const field of t.bookedFields) await expect(page.getByText(field).first()).toBeVisible();
    } finally {
      await stop(server);
    }
  });
}
