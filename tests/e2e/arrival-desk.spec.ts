import { expect, test, type Page } from './test';
import { ADMIN, apiGet, moscowDate, signIn, token } from './helpers';

// #44 Arrival at the desk (h44-desk), at location 1 (arrivals on), in ru and en: the slot card's
// "checked in x of y" follows a check-in made elsewhere without a reload; the order page sends the
// guests' link by e-mail (and says why it cannot without an e-mail); the booking form says how many
// no-shows the typed phone has (the demo's flagged order); the daily report of that day counts them.

const T = {
  ru: {
    day: 53, checked0: 'Пришли 0 из 2', checked2: 'Пришли 2 из 2', send: 'Отправить ссылку', sent: (email: string) => `Ссылка отправлена на ${email}`,
    noEmail: 'У заказа нет e-mail: добавьте его или покажите гостям QR-код', phone: /Телефон/,
    noShows: (n: number) => `${n} ${n % 10 === 1 && n % 100 !== 11 ? 'неявка' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'неявки' : 'неявок'} с этим телефоном`,
    report: 'Неявки',
  },
  en: {
    day: 54, checked0: 'Checked in 0 of 2', checked2: 'Checked in 2 of 2', send: 'Send link', sent: (email: string) => `The link is sent to ${email}`,
    noEmail: 'The order has no e-mail: add one, or show the guests the QR code', phone: /Phone/,
    noShows: (n: number) => `${n} no-show${n === 1 ? '' : 's'} for this phone`,
    report: 'No-shows',
  },
} as const;

interface Slot { time_start: string; begin: string; archived: boolean; orders: unknown[] }

/** A booking of two guests on an empty afternoon session of Куб 1 (`email` or none): its id, day and session. */
async function twoGuests(page: Page, days: number, email: string) {
  const date = moscowDate(days);
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
  const empty = slots.filter((s) => s.orders.length === 0 && !s.archived && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00');
  const slot = empty[email ? 0 : 1]!;
  const games = await apiGet<{ id: number }[]>(page, '/api/v2.2/playgrounds/1/games_for_booking/');
  const res = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: 1, persons: 2, order_type: 3, name: 'Desk Guest', phone: '+79990004466', email, session_dt: slot.time_start, game_id: games[0]!.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id as number, date, slot, empty };
}

/** The demo's no-show (the seed flags one at location 1): its phone, how many no-shows it has there, and its day. */
async function demoNoShow(page: Page) {
  const flagged = await apiGet<{ results: { id: number }[] }>(page, '/api/v2.1/locations/1/orders/?no_show=yes&limit=1&date_from=2020-01-01&date_to=2030-12-31');
  const order = await apiGet<{ phone: string; session_date: string }>(page, `/api/v2.2/orders/${flagged.results[0]!.id}/`);
  const found = await apiGet<{ no_shows: number }>(page, `/api/v2.2/orders/search/?phone=${encodeURIComponent(order.phone)}&location_id=1&limit=1`);
  return { phone: order.phone, count: found.no_shows, date: order.session_date };
}

for (const lang of ['ru', 'en'] as const) {
  const t = T[lang];
  test(`the slot card follows check-ins live, the order page sends the guests' link, the booking form and the daily report show no-shows (${lang})`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const email = `arrival.desk.${lang}@example.com`;
    const { id, date, slot, empty } = await twoGuests(page, t.day, email);

    // The day view: checked in 0 of 2, then 2 of 2 once the order is checked in elsewhere (no reload).
    await page.goto(`/locations/1/booking_admin?date=${date}`);
    const card = page.locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`);
    await expect(card.getByTestId('slot-checked-in')).toHaveText(t.checked0);
    const checkIn = await page.request.post(`/api/v2.2/orders/${id}/check_in/`, { headers: { Authorization: `Token ${await token(page)}` }, data: { reason: 'e2e' } });
    expect(checkIn.status(), await checkIn.text()).toBe(200);
    await expect(card.getByTestId('slot-checked-in')).toHaveText(t.checked2);

    // The booking form: the typed phone's no-shows at the location.
    const noShow = await demoNoShow(page);
    expect(noShow.count).toBeGreaterThan(0);
    await page.locator(`[data-testid="slot-card"][data-playground="1"][data-start="${empty[1]!.time_start}"]`).getByTestId('slot-add').click();
    const form = page.getByTestId('booking-form');
    await form.getByLabel(t.phone).fill(noShow.phone);
    await expect(form.getByTestId('booking-phone-no-shows')).toHaveText(t.noShows(noShow.count));
    await form.getByLabel(t.phone).fill('+79990000001');
    await expect(form.getByTestId('booking-phone-no-shows')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The order page: "Send link" by e-mail.
    await page.goto(`/orders/${id}`);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.sent(email))).toBeVisible();
    // Without an e-mail the button is off and says why.
    const { id: without } = await twoGuests(page, t.day, '');
    await page.goto(`/orders/${without}`);
    await expect(page.getByRole('button', { name: t.send })).toBeDisabled();
    await expect(page.getByTestId('order-arrival-no-email')).toHaveText(t.noEmail);

    // The daily report of the no-show's day counts it.
    await page.goto(`/locations/1/daily_report?date=${noShow.date}`);
    await expect(page.getByTestId('till-report-no-shows').getByRole('heading')).toHaveText(t.report);
  });
}
