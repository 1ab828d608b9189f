// #39 lists, files and words, on screen in ru and en: the orders' manager by name with the e-mail
// on hover and totals that say they leave the cancelled orders out; a USD transaction written by
// USD's rule ("$1,850.00", never "1 850,00 USD") on the RUB location's screen; the widget's order
// page stops offering to cancel once its deadline passes on the page's own clock, and gives the
// venue's phone where it says to call.
import { expect, test, type APIRequestContext } from './test';
import { ADMIN, apiGet, signIn } from './helpers';

test.describe.configure({ timeout: 90_000 });

const WORDS = {
  ru: { totals: 'Итого (без отменённых)', from: 'С' },
  en: { totals: 'Total (excluding cancelled)', from: 'From' },
} as const;

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: orders name the manager (e-mail on hover) and their totals leave the cancelled out`, async ({ page }) => {
    await signIn(page, ADMIN, lang, '/locations/1/orders?filter=%7B%22date_from%22%3A%222020-01-01%22%7D');
    const people = page.locator('td.column-manager_name [data-testid="person"]');
    await expect(people.first()).toBeVisible();
    const { results } = await apiGet<{ results: { manager_name: string | null; manager_email: string | null }[] }>(page,
      '/api/v2.1/locations/1/orders/?date_from=2020-01-01&limit=1000');
    const named = results.find((r) => r.manager_name && r.manager_email)!;
    const cell = people.filter({ hasText: named.manager_name! }).first();
    await expect(cell).toHaveAttribute('title', named.manager_email!);
    // Nowhere in the column an e-mail in place of a name that exists.
    await expect(page.locator('td.column-manager_name', { hasText: named.manager_email! })).toHaveCount(0);
    await expect(page.getByTestId('totals-label').first()).toHaveText(WORDS[lang].totals);
  });

  test(`${lang}: a USD transaction reads as USD's rule says on the RUB location's screen`, async ({ page }) => {
    await signIn(page, ADMIN, lang, '/locations/1/transactions?filter=%7B%22date_from%22%3A%222020-01-01%22%2C%22location%22%3A%5B3%5D%7D');
    const amounts = page.locator('td.column-amount');
    await expect(amounts.first()).toBeVisible();
    const texts = await amounts.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    const number = lang === 'ru' ? String.raw`\d{1,3}(?:\u00a0\d{3})*,\d{2}` : String.raw`\d{1,3}(?:,\d{3})*\.\d{2}`;
    for (const text of texts) expect(text).toMatch(new RegExp(`^-?\\$${number}$`));
    await expect(page.locator('tbody')).not.toContainText('USD');
    await expect(page.getByTestId('list-totals')).not.toContainText('USD');
  });
}

/** A widget booking at location 1 twenty days ahead (its customer link key and the view). */
async function widgetBooking(request: APIRequestContext) {
  const loc = await (await request.get('/api/public/locations/1/')).json();
  const d = new Date(`${loc.today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 20 + Math.floor(Math.random() * 5));
  const date = d.toISOString().slice(0, 10);
  const slots = await (await request.get(`/api/public/locations/1/slots/?date=${date}`)).json() as
    { playgrounds: { id: number; max_players: number; sessions: { time_start: string; begin: string; available_persons: number }[] }[] };
  // Location 1 prices per person: a game is chosen.
  const [game] = await (await request.get('/api/public/locations/1/games/')).json() as { id: number }[];
  let last = '';
  let tries = 0;
  for (const pg of slots.playgrounds) {
    for (const s of pg.sessions.filter((x) => x.available_persons >= 1 && x.begin >= '12:00').slice(0, 2)) {
      // The widget's bookings are throttled per address: a few tries at most.
      if (++tries > 3) break;
      const res = await request.post('/api/public/locations/1/bookings/?lang=ru', {
        data: { playground_id: pg.id, session_dt: s.time_start, name: 'Ольга Покупатель', phone: '+79161234567', email: 'olga@example.com', persons: 1, promocode: '', game_id: game!.id, personal_data_consent: true },
      });
      if (res.status() === 201) return (await res.json()) as { key: string; order: { cancel_closes_in: number; can_cancel: boolean } };
      last ||= `${res.status()} ${await res.text()}`;
    }
  }
  throw new Error(`no free session to book on ${date} (${last})`);
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the widget's order page stops offering to cancel at its deadline and gives the venue's phone`, async ({ page, request }) => {
    const made = await widgetBooking(request);
    expect(made.order.can_cancel).toBe(true);
    // The page's own clock, so the deadline can pass while it stays open.
    await page.clock.install();
    await page.goto(`/widget/order/${made.key}?lang=${lang}`);
    await expect(page.getByTestId('order-cancel')).toBeVisible();
    await expect(page.getByTestId('order-venue-phone')).toHaveCount(0);
    // Left open past the deadline: no offer, and "call the venue" with its phone.
    await page.clock.fastForward(made.order.cancel_closes_in * 1000 + 60_000);
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await expect(page.getByTestId('order-venue-phone')).toHaveText('+74951234567');
    await expect(page.getByTestId('order-venue-phone')).toHaveAttribute('href', 'tel:+74951234567');
    await expect(page.getByTestId('order-cancel-note')).toContainText(lang === 'ru' ? 'позвоните, пожалуйста, на площадку' : 'please call the venue');
  });
}
