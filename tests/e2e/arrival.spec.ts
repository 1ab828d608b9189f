import { expect, test, type Page } from '@playwright/test';
import { STAFF, apiGet, dateField, moscowDate, signIn, token, typeDate } from './helpers';

// #44 Arrival at location 1 (arrivals on, its personal-data consent and rules published by the demo),
// in ru and en: a free booking of two guests made at the desk; the guests open the order's link at
// 390 px and sign there (the second a minor, with a guardian); then the cashier finds the order on
// the Arrivals screen by the code a USB scanner types from the QR code and checks it in with one action.

const T = {
  ru: {
    day: 47, title: 'Перед визитом', sign: 'Подписать', name: 'Фамилия и имя', birth: 'Дата рождения', agree: 'Я прочитал(а) и согласен(на)',
    guardianName: 'Фамилия и имя родителя или опекуна', guardianRelation: 'Кем приходится гостю (мать, отец, опекун)', relation: 'мать',
    missing: 'Осталось подписать: 2 из 2', allSigned: 'Все подписали. До встречи!', rules: 'Правила посещения и инструктаж',
    search: 'Телефон, имя, номер заказа или QR-код', dayLabel: 'День', checkIn: 'Отметить приход', checked: 'Пришли 2 из 2', signed: 'Подписали 2 из 2',
    guardianTitle: 'Гостю нет 18 лет: подписывает родитель или опекун',
  },
  en: {
    day: 48, title: 'Before your visit', sign: 'Sign', name: 'Full name', birth: 'Date of birth', agree: 'I have read and agree',
    guardianName: 'Parent’s or guardian’s full name', guardianRelation: 'Relation to the guest (mother, father, guardian)', relation: 'mother',
    missing: 'Still to sign: 2 of 2', allSigned: 'Everyone has signed. See you soon!', rules: 'Visitor rules and safety briefing',
    search: 'Phone, name, order number or QR code', dayLabel: 'Day', checkIn: 'Check in', checked: 'Checked in 2 of 2', signed: 'Signed 2 of 2',
    guardianTitle: 'The guest is under 18: a parent or guardian signs',
  },
} as const;

interface Slot { time_start: string; begin: string; archived: boolean; orders: unknown[] }

/** A free booking of two guests on an empty afternoon session of Куб 1 (nothing to pay): its id and guests' link. */
async function twoGuests(page: Page, days: number, name: string) {
  const date = moscowDate(days);
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
  const slot = slots.find((s) => s.orders.length === 0 && !s.archived && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00')!;
  const games = await apiGet<{ id: number }[]>(page, '/api/v2.2/playgrounds/1/games_for_booking/');
  const res = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: 1, persons: 2, order_type: 3, name, phone: '+79990004455', session_dt: slot.time_start, game_id: games[0]!.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  const order = await apiGet<{ arrival_url: string }>(page, `/api/v2.2/orders/${id}/`);
  return { id, date, path: new URL(order.arrival_url).pathname };
}

for (const lang of ['ru', 'en'] as const) {
  const t = T[lang];
  test(`guests sign on their phones from the order's link, the desk checks the order in by its scanned code (${lang})`, async ({ page, browser }) => {
    await signIn(page, STAFF, lang);
    const { id, date, path } = await twoGuests(page, t.day, lang === 'ru' ? 'Ирина Котова' : 'Irene Cat');

    // The guests' page on a phone.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.goto(`${path}?lang=${lang}`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(phone.getByTestId('arrival-missing')).toHaveText(t.missing);
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await phone.getByTestId('arrival-sign-1').click();
    await phone.getByLabel(t.name, { exact: true }).fill(lang === 'ru' ? 'Ирина Котова' : 'Irene Cat');
    await phone.getByLabel(t.birth).fill('14.03.1988');
    await expect(phone.getByTestId('arrival-document-rules').getByRole('heading')).toHaveText(t.rules);
    for (const box of await phone.getByLabel(t.agree).all()) await box.check();
    await phone.getByTestId('arrival-submit').click();
    await expect(phone.getByTestId('arrival-guest-1')).toHaveAttribute('data-complete', 'true');

    // The second guest is 10: a parent signs.
    await phone.getByTestId('arrival-sign-2').click();
    await phone.getByLabel(t.name, { exact: true }).fill(lang === 'ru' ? 'Миша Котов' : 'Mike Cat');
    const tenYearsOld = `01.06.${Number(date.slice(0, 4)) - 10}`;
    await phone.getByLabel(t.birth).fill(tenYearsOld);
    await expect(phone.getByTestId('arrival-guardian')).toContainText(t.guardianTitle);
    await phone.getByLabel(t.guardianName).fill(lang === 'ru' ? 'Ирина Котова' : 'Irene Cat');
    await phone.getByLabel(t.guardianRelation).fill(t.relation);
    for (const box of await phone.getByLabel(t.agree).all()) await box.check();
    await phone.getByTestId('arrival-submit').click();
    await expect(phone.getByTestId('arrival-missing')).toHaveText(t.allSigned);
    await phone.close();

    // The desk: the day, then the code the scanner types (the link and Enter).
    await page.goto('/locations/1/arrivals');
    await typeDate(dateField(page, t.dayLabel), date);
    const search = page.getByLabel(t.search);
    await search.fill(`http://127.0.0.1${path}`);
    await search.press('Enter');
    const row = page.getByTestId(`arrival-order-${id}`);
    await expect(row.getByTestId('arrival-signed')).toHaveText(t.signed);
    await expect(page.getByTestId('arrival-session')).toHaveCount(1);
    await row.getByRole('button', { name: t.checkIn }).click();
    await expect(row.getByTestId('arrival-checked')).toHaveText(t.checked);
  });
}
