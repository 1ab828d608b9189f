import crypto from 'node:crypto';
import { expect, test, type Page } from './test';
import { ADMIN, apiGet, moscowDate, signIn, token } from './helpers';

// Issue #18's features, each in ru and en: the month grid of the month view, the multi-booking
// form's promo price, the search's locations, the blocked group delete, the widget's night
// sessions, the payments' payer filter and the promo code statuses. Dates 20-27 days ahead, away
// from the other specs' dates.

test.describe.configure({ timeout: 90_000 });

type Lang = 'ru' | 'en';
const L = <R, E>(lang: Lang, ru: R, en: E): R | E => (lang === 'ru' ? ru : en);

async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await page.request.post(path, { headers: { Authorization: `Token ${await token(page)}`, ...headers }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

interface DaySlot { time_start: string; begin: string; available_persons: number; archived: boolean; pricing: { personal_price: string | null } | null }

/** Books one person on a free afternoon session of a playground of `location`, `days` ahead, with the given phone. */
async function bookAt(page: Page, location: number, days: number, phone: string, name: string): Promise<number> {
  const loc = await apiGet<{ playgrounds: { id: number; types: string[] }[] }>(page, `/api/v2.1/locations/${location}/`);
  const date = moscowDate(days);
  for (const pg of loc.playgrounds) {
    const slots = await apiGet<DaySlot[]>(page, `/api/v2.1/playgrounds/${pg.id}/schedule/?date=${date}`).catch(() => [] as DaySlot[]);
    const slot = slots.find((s) => !s.archived && s.available_persons > 0 && s.begin >= '12:00' && s.begin < '22:00');
    if (!slot) continue;
    const games = await apiGet<{ id: number }[]>(page, `/api/v2.2/playgrounds/${pg.id}/games_for_booking/`);
    const order = await post(page, '/api/v2.1/booking/', {
      playground_id: pg.id, persons: 1, order_type: 1, name, phone, session_dt: slot.time_start, game_id: games[0]?.id ?? null,
    });
    return order.id as number;
  }
  throw new Error(`no free session at location ${location}`);
}

for (const lang of ['ru', 'en'] as const) {
  test.describe(lang, () => {
    test(`${lang}: the month grid shows each day's free places and how full it is; a click opens the day below`, async ({ page }) => {
      await signIn(page, ADMIN, lang);
      const date = moscowDate(lang === 'ru' ? 20 : 21);
      await page.goto(`/locations/1/multibooking_admin?month=${date.slice(0, 7)}`);
      const grid = page.getByTestId('month-grid');
      await expect(grid).toContainText(L(lang, 'Свободные места локации по дням', 'Free places of the location by day'));
      // The week starts on Monday, in the app's language.
      await expect(grid.locator('.fc-col-header-cell').first()).toHaveText(L(lang, 'Пн', 'Mon'));
      const summary = await apiGet<{ date: string; places: number; capacity: number }[]>(page, `/api/v2.1/locations/1/summary/?date=${date}`);
      const day = summary.find((d) => d.date === date)!;
      expect(day.capacity).toBeGreaterThan(0);
      const cell = grid.locator(`[data-testid="grid-day"][data-date="${date}"]`);
      await expect(cell.getByTestId('grid-day-status')).toHaveText(L(lang, `своб. ${day.places}`, `${day.places} free`));
      await expect(cell).toHaveAttribute('data-level', day.places === 0 ? 'full' : (day.capacity - day.places) / day.capacity >= 0.75 ? 'filling' : 'free');
      // A day before the location's today (when the month has one) is not offered: the accordion has no such day.
      const today = moscowDate(0);
      if (today.slice(0, 7) === date.slice(0, 7) && today.slice(8) !== '01') {
        const past = grid.locator(`[data-testid="grid-day"][data-date="${date.slice(0, 8)}01"]`);
        await expect(past).not.toHaveRole('button');
      }
      const row = page.locator(`[data-testid="month-day"][data-date="${date}"]`);
      await expect(row.getByRole('button').first()).toHaveAttribute('aria-expanded', 'false');
      await cell.click();
      await expect(row.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
      await expect(row).toBeInViewport();
      await expect(row.getByTestId('price-group').first()).toBeVisible();
    });

    test(`${lang}: the multi-booking form shows the promo code's discount and the total before saving`, async ({ page }) => {
      await signIn(page, ADMIN, lang, '/locations/1/multibooking_admin');
      await page.getByTestId('new-multibooking').click();
      const form = page.getByTestId('multi-form');
      await form.getByTestId('multi-date').fill(moscowDate(22));
      await form.getByTestId('multi-cost').fill('3000');
      const total = form.getByTestId('multi-total');
      await expect(total).toHaveText(new RegExp(`^${L(lang, 'К оплате', 'To pay')}: 3[\\s,]?000`));
      await expect(form.getByTestId('multi-discount')).toHaveCount(0);
      // 10 % (VR10) or a flat 500 (MINUS500): the same rule the server saves with.
      const promo = form.getByRole('textbox', { name: L(lang, 'Промокод', 'Promo code') });
      await promo.fill(lang === 'ru' ? 'VR10' : 'MINUS500');
      await expect(form.getByText(L(lang, 'Промокод действует: скидка 10 %', /Promo code applies: .*500.* off/))).toBeVisible();
      await expect(form.getByTestId('multi-discount')).toHaveText(new RegExp(`−${lang === 'ru' ? '300' : '500'}`));
      await expect(total).toHaveText(new RegExp(`: ${lang === 'ru' ? '2[\\s,]?700' : '2[\\s,]?500'}`));
      // A used-up code is refused and the total drops back to the cost.
      await promo.fill('ONCE');
      await expect(form.getByText(L(lang, 'Промокод использован максимальное число раз', 'The promo code has been used the maximum number of times'), { exact: false })).toBeVisible();
      await expect(form.getByTestId('multi-discount')).toHaveCount(0);
      await expect(total).toHaveText(/3[\s,]?000/);
    });

    test(`${lang}: the phone search says which location each order belongs to when the results mix locations`, async ({ page }) => {
      await signIn(page, ADMIN, lang);
      const phone = `+7917${crypto.randomInt(1_000_000, 9_999_999)}`;
      const here = await bookAt(page, 1, lang === 'ru' ? 23 : 24, phone, 'Search Here');
      const there = await bookAt(page, 2, lang === 'ru' ? 23 : 24, phone, 'Search There');
      await page.goto('/locations/1/booking_admin');
      await page.getByRole('button', { name: L(lang, 'Поиск', 'Search') }).click();
      const search = page.getByTestId('search-dialog');
      await search.getByRole('textbox', { name: L(lang, 'Телефон', 'Phone') }).fill(phone);
      const results = search.getByTestId('search-results');
      await expect(results.locator('thead')).toContainText(L(lang, 'Локация', 'Location'));
      await expect(results.locator(`tr[data-order-id="${here}"]`).getByTestId('search-location'))
        .toHaveText(L(lang, 'VR Арена Москва · эта локация', 'VR Arena Moscow · this location'));
      await expect(results.locator(`tr[data-order-id="${there}"]`).getByTestId('search-location'))
        .toHaveText(L(lang, 'VR Парк Санкт-Петербург', 'VR Park Saint Petersburg'));
    });

    test(`${lang}: deleting a group with schedules says how many and to delete them first; it offers no "yes"`, async ({ page }) => {
      await signIn(page, ADMIN, lang, '/locations/1/schedules_and_playgrounds');
      const card = page.getByTestId('group-card').filter({ has: page.getByTestId('schedule-row') }).first();
      const name = (await card.getByRole('heading', { level: 2 }).textContent())!;
      const count = await card.getByTestId('schedule-row').count();
      await card.getByRole('button', { name: L(lang, `Удалить группу ${name}`, `Delete group ${name}`) }).click();
      const blocked = page.getByRole('dialog', { name: L(lang, 'Группу нельзя удалить', 'The group cannot be deleted') });
      await expect(blocked).toContainText(L(lang, `У группы «${name}» ${count} расписани`, `Group "${name}" has ${count} schedule`));
      await expect(blocked).toContainText(L(lang, 'сначала удалите', 'delete'));
      await expect(blocked.getByRole('button', { name: L(lang, 'Да', 'Yes') })).toHaveCount(0);
      await blocked.getByRole('button', { name: L(lang, 'Закрыть', 'Close') }).click();
      await expect(blocked).toBeHidden();
      await expect(card).toBeVisible();
    });

    test(`${lang}: the widget says that sessions after midnight are the night of the chosen day`, async ({ page }) => {
      const date = moscowDate(lang === 'ru' ? 25 : 26);
      await page.goto(`/widget/?location=2&lang=${lang}`);
      await page.getByTestId('widget-date').fill(date.split('-').reverse().join('.'));
      const sessions = page.getByTestId('widget-session');
      await expect(sessions.first()).toBeVisible();
      const next = new Date(`${date}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const month = (d: Date) => d.toLocaleDateString(L(lang, 'ru-RU', 'en-GB'), { month: 'long', day: 'numeric', timeZone: 'UTC' });
      const sameMonth = next.getUTCDate() !== 1;
      const from = sameMonth ? String(Number(date.slice(8))) : month(new Date(`${date}T00:00:00Z`));
      const expected = L(lang, `ночь с ${from} на ${month(next)}`, `night of ${from} to ${month(next)}`);
      // Sessions of the evening say nothing; those starting on the next date say whose night they are.
      const nextDate = next.toISOString().slice(0, 10);
      const night = page.locator(`[data-testid="widget-session"][data-start^="${nextDate}"]`);
      await expect(night.first()).toBeVisible();
      await expect(night.first().getByTestId('widget-night')).toHaveText(expected);
      await expect(page.locator(`[data-testid="widget-session"][data-start^="${date}"]`).first().getByTestId('widget-night')).toHaveCount(0);
      await night.first().click();
      await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: expected })).toBeVisible();
    });

    test(`${lang}: payments list customers' money by default; the location's top-ups are one filter away`, async ({ page }) => {
      await signIn(page, ADMIN, lang);
      const topUp = await post(page, '/api/v2.2/locations/1/refill/', { amount: lang === 'ru' ? '4321' : '4322' }, { 'Idempotency-Key': `e2e-${crypto.randomUUID()}` });
      await page.goto('/locations/1/payments');
      const rows = page.locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      const payer = page.getByRole('combobox', { name: L(lang, 'Чьи деньги', 'Whose money') });
      await expect(payer).toHaveText(L(lang, 'Платежи клиентов', 'Customers\' payments'));
      const row = rows.filter({ has: page.locator('td.column-id', { hasText: new RegExp(`^${topUp.payment_id}$`) }) });
      await expect(row).toHaveCount(0);
      await payer.click();
      await page.getByRole('option', { name: L(lang, 'Пополнения счёта локации', 'Location balance top-ups') }).click();
      await expect(row).toHaveCount(1);
      await expect(page).toHaveURL(/payer/);
    });

    test(`${lang}: promo codes say expired and used up instead of active`, async ({ page }) => {
      await signIn(page, ADMIN, lang, '/locations/1/tools?tab=promocodes');
      const status = (code: string) => page.getByTestId('promocodes-row').filter({ has: page.getByRole('cell', { name: code, exact: true }) }).getByTestId('promocode-status');
      await expect(status('SPRING')).toHaveText(L(lang, 'Истёк', 'Expired'));
      await expect(status('ONCE')).toHaveText(L(lang, 'Исчерпан', 'Used up'));
      await expect(status('VR10')).toHaveText(L(lang, 'Активен', 'Active'));
    });
  });
}
