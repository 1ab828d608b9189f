import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import { balanceCurrency, formatMoney, type Currency } from '../../domain/money';
import { E2E_DATA_DIR } from '../../playwright.config';
import { exited, removeTempDirs, startServer, tempDir, waitHealthy, type ServerProcess } from '../api/serverProcess';
import { ADMIN, MANAGER, STAFF, moscowDate, signIn, signInThroughForm, type Slot } from './helpers';

// The live desk (issue #17) beyond the day view: the money and order lists (with the location's
// balance), the month view, the order page and the control page follow what another user changes
// through the API, without a reload, and mark the row that changed; and a cashier's desk served by a
// second server process on the same PostgreSQL follows a booking made through the first, loses its
// process (SIGKILL), says so, and catches up by itself when the process is back.

test.describe.configure({ timeout: 120_000 });

// A change shows within a few seconds: the event arrives within a second, the refetch and render on
// the shared two-core test machine (other suites running) take the rest (see live.spec.ts).
const SHOWN_MS = 8000;

type Who = typeof ADMIN;

/** Another user, through the API only (its own sign-in, its own token). */
async function apiUser(request: APIRequestContext, who: Who) {
  const res = await request.post('/api/v2.1/login/', { data: { email: who.email, password: who.password } });
  expect(res.status(), await res.text()).toBe(200);
  const headers = { Authorization: `Token ${(await res.json()).token as string}` };
  const send = async <T>(method: 'get' | 'post' | 'delete', url: string, data?: unknown): Promise<T> => {
    const r = await request[method](url, { headers, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (r.status() === 204 ? null : await r.json()) as T;
  };
  return {
    get: <T>(url: string) => send<T>('get', url),
    post: <T>(url: string, data: unknown) => send<T>('post', url, data),
  };
}
type ApiUser = Awaited<ReturnType<typeof apiUser>>;

/**
 * A signed-in screen in its own browser context, marked so a reload would show, and watched for the
 * live mark (data-live-changed) on table rows and cards: the texts of what was marked are kept,
 * since the mark fades after a moment.
 */
async function screen(browser: Browser, who: Who, lang: 'ru' | 'en', url: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ru' ? 'ru-RU' : 'en-US', ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  // Another process's address is another origin: the saved sessions are the first one's.
  if (baseURL) await signInThroughForm(page, who, lang);
  else await signIn(page, who, lang);
  await page.goto(url);
  await page.evaluate(() => {
    const w = window as unknown as { liveMarker: number; liveMarked: string[] };
    w.liveMarker = 1;
    w.liveMarked = [];
    const note = (el: Element) => {
      if (el.getAttribute('data-live-changed') === 'true') w.liveMarked.push(el.textContent ?? '');
    };
    new MutationObserver((records) => records.forEach((r) => {
      if (r.type === 'attributes') note(r.target as Element);
      r.addedNodes.forEach((n) => { if (n instanceof Element) [n, ...n.querySelectorAll('[data-live-changed]')].forEach(note); });
    })).observe(document.body, { attributes: true, attributeFilter: ['data-live-changed'], subtree: true, childList: true });
  });
  return page;
}

const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);

/** Asserts that a row or card whose text contains `text` was marked as just changed. */
const markedWith = (page: Page, text: string) => expect.poll(
  () => page.evaluate((t) => (window as unknown as { liveMarked: string[] }).liveMarked.some((m) => m.includes(t)), text),
  { timeout: SHOWN_MS, message: `a row with "${text}" was marked` },
).toBe(true);

/** A list's row by the text of one of its cells (react-admin puts the source in the cell's class). */
const row = (page: Page, column: string, value: string | number) =>
  page.locator('tbody tr').filter({ has: page.locator(`td.column-${column}`).getByText(String(value), { exact: true }) });

/** Books an afternoon session of Куб 1 with every place free, `days` ahead (Moscow's date). */
async function book(user: ApiUser, days: number, persons = 1, name = 'Гость живой') {
  const date = moscowDate(days);
  const slots = await user.get<Slot[]>(`/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
  const slot = slots.find((s) => s.orders.length === 0 && !s.archived && s.available_persons === 4
    && s.time_start.slice(0, 10) === date && s.begin >= '14:00' && s.begin < '22:00');
  expect(slot, `a free afternoon on ${date}`).toBeTruthy();
  const games = await user.get<{ id: number }[]>('/api/v2.2/playgrounds/1/games_for_booking/');
  const { id } = await user.post<{ id: number }>('/api/v2.1/booking/', {
    playground_id: 1, persons, order_type: 1, name, phone: '+79990007788', session_dt: slot!.time_start, game_id: games[0]!.id,
  });
  return { id, date, slot: slot! };
}

async function payInCash(user: ApiUser, orderId: number) {
  const order = await user.get<{ need_paid: string }>(`/api/v2.2/orders/${orderId}/`);
  return user.post<{ id: number }>(`/api/v2.1/booking/${orderId}/pay/`, { payment_type: 2, purchase: order.need_paid, external_id: null, certificate: null });
}

test.describe('lists follow changes made elsewhere', () => {
  test('payments (ru): a payment taken at the desk appears and is marked', async ({ browser, request }) => {
    const admin = await screen(browser, ADMIN, 'ru', '/locations/1/payments');
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('VR Арена Москва');
    await expect(admin.locator('tbody tr').first()).toBeVisible();
    const cashier = await apiUser(request, STAFF);
    const { id: orderId } = await book(cashier, 15);
    const payment = await payInCash(cashier, orderId);

    const paid = row(admin, 'id', payment.id);
    await expect(paid).toHaveCount(1, { timeout: SHOWN_MS });
    await expect(paid.locator('td.column-status')).toHaveText('Оплачен');
    await expect(paid.locator('td.column-payment_type')).toHaveText('Наличные');
    await expect(paid.locator('td.column-order')).toHaveText(String(orderId));
    await markedWith(admin, String(orderId));
    await notReloaded(admin);
  });

  test('orders (ru): a booking appears, and its row follows the payment', async ({ browser, request }) => {
    const admin = await screen(browser, ADMIN, 'ru', '/locations/1/orders');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Заказы: VR Арена Москва');
    await expect(admin.locator('tbody tr').first()).toBeVisible();
    const cashier = await apiUser(request, STAFF);
    const { id: orderId } = await book(cashier, 15);

    const order = row(admin, 'id', orderId);
    await expect(order).toHaveCount(1, { timeout: SHOWN_MS });
    await expect(order.locator('td.column-status')).toHaveText('Ожидает оплаты');
    await markedWith(admin, String(orderId));

    // The mark is brief: it fades by itself; then the payment marks the row again.
    await expect(order).not.toHaveAttribute('data-live-changed', 'true', { timeout: SHOWN_MS });
    await admin.evaluate(() => { (window as unknown as { liveMarked: string[] }).liveMarked = []; });
    await payInCash(cashier, orderId);
    await expect(order.locator('td.column-status')).toHaveText('Оплачен', { timeout: SHOWN_MS });
    await markedWith(admin, String(orderId));
    await notReloaded(admin);
  });

  test('transactions (en): a ledger entry appears, is marked, and the balance on the screen follows', async ({ browser, request }) => {
    const admin = await screen(browser, ADMIN, 'en', '/locations/1/transactions');
    const balance = admin.getByTestId('location-balance');
    await expect(balance).toContainText('Balance of VR Arena Moscow: ');
    await expect(admin.locator('tbody tr').first()).toBeVisible();
    // Another session of an administrator (adding to the ledger takes transactions.edit and .all).
    const other = await apiUser(request, ADMIN);
    const before = await other.get<{ balance: string; b2b_currency: Currency | null; currency: Currency | null }>('/api/v2.1/locations/1/');
    // In Russian: later specs walk this ledger in ru and would read English words in it as the interface's.
    const description = `live пополнение ${Date.now()}`;
    const added = await other.post<{ id: number }>('/api/v2.1/transactions/create_transaction/', {
      type: 'refill', amount: '123.45', location: 1, description, operation_dt: null, number: null, debt_open: false, session: null,
    });

    const entry = row(admin, 'id', added.id);
    await expect(entry).toHaveCount(1, { timeout: SHOWN_MS });
    await expect(entry.locator('td.column-description')).toHaveText(description);
    await expect(entry.locator('td.column-type')).toHaveText('Top-up');
    await markedWith(admin, description);
    const after = await other.get<{ balance: string }>('/api/v2.1/locations/1/');
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(123.45, 2);
    await expect(balance).toHaveText(`Balance of VR Arena Moscow: ${formatMoney(after.balance, balanceCurrency(before), 'en')}`, { timeout: SHOWN_MS });
    await notReloaded(admin);
  });

  test('certificates (ru): a batch created elsewhere appears, every new row marked', async ({ browser, request }) => {
    const admin = await screen(browser, ADMIN, 'ru', '/locations/1/certificates');
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('VR Арена Москва');
    const other = await apiUser(request, ADMIN);
    const created = await other.post<{ unique_number: string }[]>('/api/v2.2/certificate/', {
      rate: '2000', type: 'digital', design: 'classic', quantity: 2, location_id: 1,
    });
    expect(created).toHaveLength(2);
    for (const c of created) {
      const cert = row(admin, 'unique_number', c.unique_number);
      await expect(cert).toHaveCount(1, { timeout: SHOWN_MS });
      await expect(cert.locator('td.column-status')).toHaveText('Не оплачен');
      await markedWith(admin, c.unique_number);
    }
    await notReloaded(admin);
  });
});

test('the month view (ru): a booking made elsewhere takes its places off that day in the grid and in the accordion', async ({ browser, request }) => {
  const days = 16;
  const date = moscowDate(days);
  const manager = await screen(browser, MANAGER, 'ru', `/locations/1/multibooking_admin?month=${date.slice(0, 7)}`);
  const status = manager.locator(`[data-testid="grid-day"][data-date="${date}"] [data-testid="grid-day-status"]`);
  await expect(status).toHaveText(/^своб\. \d+$/);
  const free = Number((await status.textContent())!.replace(/\D/g, ''));
  const places = manager.locator(`[data-testid="month-day"][data-date="${date}"] [data-testid="day-places"]`);
  await expect(places).toHaveText(`Свободно мест: ${free}`);

  await book(await apiUser(request, STAFF), days, 3);
  await expect(status).toHaveText(`своб. ${free - 3}`, { timeout: SHOWN_MS });
  await expect(places).toHaveText(`Свободно мест: ${free - 3}`);
  await notReloaded(manager);
});

test('the order page (ru), opened by its address: a payment and the cancellation made elsewhere show on it', async ({ browser, request }) => {
  const cashier = await apiUser(request, STAFF);
  const { id: orderId } = await book(cashier, 17, 2, 'Гость заказа');
  // Straight from the sign-in to the order's address: no location screen was opened before.
  const admin = await screen(browser, ADMIN, 'ru', `/orders/${orderId}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${orderId}`);
  await expect(admin.getByTestId('order-status')).toHaveText('Ожидает оплаты');
  await expect(admin.getByTestId('order-payments')).toHaveCount(0);

  const payment = await payInCash(cashier, orderId);
  await expect(admin.getByTestId('order-status')).toHaveText('Оплачен', { timeout: SHOWN_MS });
  const paid = admin.getByTestId('order-payments').locator('tbody tr');
  await expect(paid).toHaveCount(1);
  await expect(paid.locator('td').first()).toHaveText(String(payment.id));
  await expect(paid).toContainText('Наличные');

  const res = await request.delete(`/api/v2.1/booking/${orderId}/?refund=cash`, {
    headers: { Authorization: `Token ${(await (await request.post('/api/v2.1/login/', { data: STAFF })).json()).token as string}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await expect(admin.getByTestId('order-status')).toHaveText('Отменён', { timeout: SHOWN_MS });
  await notReloaded(admin);
});

test('the control page (ru): a technical session started and stopped elsewhere shows at once, not at the next refresh a minute later', async ({ browser, request }) => {
  const admin = await screen(browser, ADMIN, 'ru', '/control');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Технические сессии');
  const other = await apiUser(request, ADMIN);
  const locations = await other.get<{ id: number; playgrounds: { id: number; name: string }[] }[]>('/api/v2.1/locations/my/');
  const arena = locations.find((l) => l.id === 1)!.playgrounds.find((p) => p.name === 'Арена')!;
  const access = admin.locator(`[data-testid="control-playground"][data-playground-id="${arena.id}"]`).getByTestId('tech-access');
  await expect(access).toHaveText('Закрыт');

  await other.post(`/api/v2.2/playgrounds/${arena.id}/tech_sessions/`, { minutes: 20, comment: 'live' });
  await expect(access).toContainText('Открыт до', { timeout: SHOWN_MS });
  await expect(access).toHaveAttribute('data-open', 'true');
  const stopped = await request.delete(`/api/v2.2/playgrounds/${arena.id}/tech_sessions/`, {
    headers: { Authorization: `Token ${(await (await request.post('/api/v2.1/login/', { data: ADMIN })).json()).token as string}` },
  });
  expect(stopped.status()).toBe(204);
  await expect(access).toHaveText('Закрыт', { timeout: SHOWN_MS });
  await notReloaded(admin);
});

test.describe('two server processes on one PostgreSQL', () => {
  // The e2e server (process A) runs its embedded PostgreSQL in E2E_DATA_DIR/postgres on a port it
  // picked; PostgreSQL writes that port in postmaster.pid (4th line). Process B is a second
  // server/main.ts on that same database (user and password are the embedded ones: passwordFileOf), as
  // `npm run start:cluster` or a second machine would be.
  const portA = Number(process.env.E2E_PORT ?? 8123);
  const portB = portA + 1000;
  const baseB = `http://127.0.0.1:${portB}`;
  let processB: ServerProcess | null = null;

  function sharedDatabaseUrl(): string {
    // The web server inherits the environment: given a DATABASE_URL, A runs on it, not embedded.
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    const pid = fs.readFileSync(path.join(E2E_DATA_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    // Its password: the random one A made at the first start (server/db/embedded.ts).
    const password = fs.readFileSync(path.join(E2E_DATA_DIR, 'postgres.password'), 'utf8').trim();
    return `postgres://postgres:${password}@127.0.0.1:${Number(pid[3])}/postgres`;
  }

  async function startB(dataDir: string): Promise<ServerProcess> {
    const child = startServer({
      PORT: String(portB), HOST: '127.0.0.1', DATABASE_URL: sharedDatabaseUrl(), DATA_DIR: dataDir, PUBLIC_URL: baseB,
      WEB_DIR: process.env.WEB_DIR ?? path.resolve('dist'), LOG_LEVEL: 'warn', PAYMENT_SANDBOX: 'on', WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    processB = child;
    await waitHealthy(portB, child);
    return child;
  }

  test.afterAll(async () => {
    if (processB && processB.exitCode === null && processB.signalCode === null) {
      processB.kill('SIGTERM');
      await exited(processB);
    }
    removeTempDirs();
  });

  test('a cashier desk on process B follows bookings made through process A, also across a SIGKILL and restart of B', async ({ browser, request }) => {
    const dataDir = tempDir();
    let b = await startB(dataDir);
    const date = moscowDate(18);
    const cashier = await screen(browser, STAFF, 'ru', `/locations/1/booking_admin?date=${date}`, baseB);
    await expect(cashier.getByTestId('day-calendar')).toBeVisible();
    expect(new URL(cashier.url()).port).toBe(String(portB));
    const manager = await apiUser(request, MANAGER); // request: process A
    const card = (timeStart: string) => cashier.getByTestId('day-calendar')
      .locator(`[data-testid="slot-card"][data-playground="1"][data-start="${timeStart}"]`);

    // Booked through A: B hears it (PostgreSQL NOTIFY) and the desk re-reads the day within 2 s.
    // The name is unique, so only a day read after the booking matches.
    const guest = `Гость процесса A ${Date.now()}`;
    const refetch = cashier.waitForResponse(async (r) => r.url().startsWith(baseB) && r.url().includes(`/playgrounds/1/schedule/?date=${date}`)
      && (await r.text()).includes(guest), { timeout: 10_000 });
    const first = await book(manager, 18, 1, guest);
    const booked = Date.now();
    await refetch;
    const refetchedMs = Date.now() - booked;
    expect(refetchedMs, 'the day refetched from B after the booking through A').toBeLessThan(2000);
    const firstOrder = card(first.slot.time_start).locator(`[data-testid="slot-order"][data-order-id="${first.id}"]`);
    await expect(firstOrder).toBeVisible({ timeout: SHOWN_MS });
    console.log(`live across processes: day refetched ${refetchedMs} ms, card shown ${Date.now() - booked} ms after the booking returned`);
    await expect(card(first.slot.time_start)).toHaveAttribute('data-colour', 'unpaid');

    // B dies without a word; the desk says so.
    b.kill('SIGKILL');
    await exited(b);
    await expect(cashier.getByTestId('live-offline')).toHaveText('Нет связи с сервером: переподключаемся…', { timeout: 10_000 });
    // Booked through A while B is down.
    const missed = await book(manager, 18, 2, 'Гость без связи');
    const missedOrder = card(missed.slot.time_start).locator(`[data-testid="slot-order"][data-order-id="${missed.id}"]`);
    await expect(missedOrder).toHaveCount(0);

    // B comes back on its port; the desk reconnects by itself and catches up, once.
    const restarted = Date.now();
    b = await startB(dataDir);
    await expect(missedOrder).toHaveCount(1, { timeout: 30_000 });
    console.log(`caught up ${Date.now() - restarted} ms after B was started again`);
    await expect(cashier.getByTestId('live-offline')).toHaveCount(0);
    await expect(card(missed.slot.time_start)).toHaveAttribute('data-colour', 'unpaid');
    await expect(firstOrder).toHaveCount(1);
    await expect(cashier.getByTestId('day-calendar').locator(`[data-testid="slot-order"][data-order-id="${missed.id}"]`)).toHaveCount(1);
    await notReloaded(cashier);
  });
});
