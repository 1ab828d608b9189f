// #48 The desk while the server cannot reach its database, in ru and en. The server's answer then is
// a 503 with Retry-After (tests/api/database-outage.test.ts proves it against a cut connection); here
// the browser gets exactly that answer for every API call and /readyz, as it would from the server.
// The day view keeps what it has, a notice says since when, the "+" and the slot's pay, edit and
// cancel are disabled with a tooltip that says why; once /readyz answers again the notice goes and
// the desk can book.
import { expect, test } from './test';
import { ADMIN, bookEmptySession, signIn, type Lang } from './helpers';

test.describe.configure({ timeout: 60_000 });

const W = {
  ru: { notice: /Нет связи с базой данных с \d\d:\d\d/, readOnly: 'Нет связи с базой данных: изменения недоступны', detail: 'Нет связи с базой данных: повторите через несколько секунд.', pay: 'Оплатить', edit: 'Изменить', cancel: 'Отменить заказ' },
  en: { notice: /Database unreachable since \d\d:\d\d/, readOnly: 'Database unreachable: changes are unavailable', detail: 'The database is unreachable right now: try again in a few seconds.', pay: 'Pay', edit: 'Edit', cancel: 'Cancel order' },
} as const;

for (const lang of ['ru', 'en'] as Lang[]) {
  test(`${lang}: the desk keeps its day read-only while the database is unreachable, and books again once it is back`, async ({ page }) => {
    const w = W[lang];
    await signIn(page, ADMIN, lang);
    const { date, slot, orderId } = await bookEmptySession(page, lang === 'ru' ? 74 : 75, `Offline ${lang}`);
    await page.goto(`/locations/1/booking_admin?date=${date}`);
    const calendar = page.getByTestId('day-calendar');
    const card = calendar.locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`);
    await expect(card).toContainText(`№${orderId}`);
    const cards = await calendar.getByTestId('slot-card').count();

    // The server's answer while its database is away.
    const unavailable = { status: 503, headers: { 'Retry-After': '5', 'Content-Type': 'application/json' }, body: JSON.stringify({ detail: w.detail }) };
    await page.route('**/api/**', (route) => route.fulfill(unavailable));
    await page.route('**/readyz', (route) => route.fulfill({ ...unavailable, body: JSON.stringify({ status: 'database unavailable' }) }));
    await page.getByTestId('reload').click();
    await expect(page.getByTestId('database-down')).toContainText(w.notice);
    // The day stays as it was read.
    await expect(calendar.getByTestId('slot-card')).toHaveCount(cards);
    await expect(card).toContainText(`№${orderId}`);
    const add = calendar.getByTestId('slot-add').first();
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).toHaveAttribute('data-tooltip', w.readOnly);
    // A click on it does nothing (aria-disabled: Playwright would wait for it to be enabled, a person just clicks).
    await add.dispatchEvent('click');
    await expect(page.getByTestId('booking-form')).toHaveCount(0);
    // No second, vaguer message about the day: the notice says it.
    await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveCount(0);

    // The slot's changes wait too, each saying why.
    await card.getByRole('button').first().click();
    const dialog = page.getByTestId('slot-orders');
    const row = dialog.locator(`[data-testid="slot-order-row"][data-order-id="${orderId}"]`);
    for (const name of [w.pay, w.edit, w.cancel]) await expect(row.getByRole('button', { name, exact: true })).toBeDisabled();
    await row.getByRole('button', { name: w.pay, exact: true }).locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(w.readOnly);
    await page.keyboard.press('Escape');

    // Back: /readyz answers, the notice goes, every screen reads again and the "+" books.
    await page.unroute('**/api/**');
    await page.unroute('**/readyz');
    await expect(page.getByTestId('database-down')).toHaveCount(0, { timeout: 10_000 });
    await expect(add).not.toHaveAttribute('aria-disabled', 'true');
    await calendar.getByTestId('slot-add').first().click();
    await expect(page.getByTestId('booking-form')).toBeVisible();
  });
}
