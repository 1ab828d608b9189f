// A walk-in at the desk, scripted in Chromium (#30): from the open day view to a paid order, as a
// cashier at a busy desk does it. Counts the clicks (a click into a text field counts) and the typed
// fields, and times it from the first click until the slot card shows the order paid. The script
// takes the fastest path the screens offer and fills only what they require, so the same steps
// measure the desk before and after a change to it:
//   the slot's "+"; guests, game, name and phone only when the form still needs them; "Book and
//   pay" when the form has it (and its confirmation), else "Book", then "Pay" in the created dialog
//   and "Take payment" in the pay dialog.
import { chromium, type Locator, type Page } from '@playwright/test';
import { percentile } from './measure';

export interface WalkInResult {
  /** The location books walk-ins without the guest's details (the setting exists and was turned on). */
  walkIns: boolean;
  clicks: number;
  typed: number;
  /** Seconds per walk-in, sorted. */
  seconds: number[];
  median: number;
}

const DONE_TIMEOUT = 20_000;
const hundredths = (s: number) => Math.round(s * 100) / 100;

async function oneWalkIn(page: Page, dayUrl: string, date: string, skip: number): Promise<{ clicks: number; typed: number; seconds: number }> {
  await page.goto(dayUrl);
  const free = page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-colour="empty"]`)
    .filter({ has: page.getByTestId('slot-add') });
  await free.first().waitFor({ timeout: 60_000 });
  // A free session of the afternoon, a different one each run.
  const starts = (await free.evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.start ?? '')))
    .filter((s) => s.startsWith(date) && s >= `${date} 12:00`);
  const start = starts[(skip * 5) % starts.length]!;
  const card = page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-start="${start}"][data-colour="empty"]`).first();
  const playground = await card.getAttribute('data-playground');
  const target = page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-start="${start}"][data-playground="${playground}"]`);

  let clicks = 0;
  let typed = 0;
  const click = async (l: Locator) => { clicks++; await l.click(); };
  const type = async (l: Locator, text: string) => { typed++; await click(l); await l.fill(text); };
  /** Chooses the first option of an MUI select when it is still empty. */
  const chooseIfEmpty = async (form: Locator, name: RegExp) => {
    const box = form.getByRole('combobox', { name });
    if (await box.isDisabled()) return;
    if (((await box.textContent()) ?? '').replace(/[\s\u200b]/g, '') !== '') return;
    await click(box);
    await click(page.getByRole('option').filter({ hasNotText: /—|Без игры/ }).first());
  };

  const t0 = performance.now();
  await click(target.getByTestId('slot-add'));
  const form = page.getByTestId('booking-form');
  await form.waitFor();
  await form.getByTestId('booking-save').waitFor();
  // The session's time is filled from the card; wait for the schedule before judging the rest.
  await form.getByRole('combobox', { name: /Время/ }).filter({ hasText: /\d\d:\d\d/ }).waitFor();
  await chooseIfEmpty(form, /Гостей/);
  const game = form.getByRole('combobox', { name: /Игра/ });
  if (await game.getAttribute('aria-required') === 'true' || (await form.locator('label', { hasText: /Игра/ }).textContent())?.includes('*')) {
    await chooseIfEmpty(form, /Игра/);
  }
  const name = form.getByLabel(/Имя/);
  if (await name.isVisible() && await name.getAttribute('required') !== null) await type(name, `Гость ${skip}`);
  const phone = form.getByLabel(/Телефон/);
  if (await phone.isVisible() && await phone.getAttribute('required') !== null) await type(phone, `+7999${String(Date.now()).slice(-7)}`);

  const bookAndPay = form.getByTestId('booking-save-pay');
  if (await bookAndPay.count()) {
    await click(bookAndPay);
    const confirm = page.getByTestId('book-pay-confirm');
    await confirm.waitFor();
    await click(confirm.getByTestId('book-pay-submit'));
  } else {
    await click(form.getByTestId('booking-save'));
    await click(page.getByTestId('booking-result').getByTestId('created-pay'));
    const pay = page.getByTestId('pay-dialog');
    await click(pay.getByRole('button', { name: 'Принять оплату' }));
  }
  await target.and(page.locator('[data-colour="paid"]')).waitFor({ timeout: DONE_TIMEOUT });
  const seconds = (performance.now() - t0) / 1000;
  return { clicks, typed, seconds };
}

/** `runs` walk-ins on the day view of a location (ru, 1600x1000), after one warm-up. */
export async function measureWalkIn(opts: { base: string; locationId: number; date: string; runs?: number }): Promise<WalkInResult> {
  const runs = opts.runs ?? 5;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: opts.base, locale: 'ru-RU', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Электронная почта').fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Пароль' }).fill('admin123');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // A desk that sells walk-ins lets them be booked without the guest's details (#30); where the
    // location has no such setting (the code before it) the PUT is refused and the form asks for both.
    const auth = { Authorization: `Token ${await page.evaluate(() => localStorage.getItem('token'))}` };
    const setting = await page.request.put(`/api/v2.1/locations/${opts.locationId}/`, { headers: auth, data: { walk_ins_without_details: true } });
    const walkIns = setting.ok();
    const dayUrl = `/locations/${opts.locationId}/booking_admin?date=${opts.date}`;
    const seconds: number[] = [];
    let last = { clicks: 0, typed: 0 };
    for (let i = 0; i <= runs; i++) {
      const r = await oneWalkIn(page, dayUrl, opts.date, i);
      if (i > 0 && (r.clicks !== last.clicks || r.typed !== last.typed)) throw new Error(`walk-in ${i}: ${r.clicks} clicks, the one before ${last.clicks}`);
      last = r;
      if (i > 0) seconds.push(r.seconds); // the first one warms the page's code up
    }
    seconds.sort((a, b) => a - b);
    return { walkIns, clicks: last.clicks, typed: last.typed, seconds: seconds.map(hundredths), median: hundredths(percentile(seconds, 50)) };
  } finally {
    await browser.close();
  }
}
