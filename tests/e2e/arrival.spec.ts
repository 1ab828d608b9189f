import { expect, test, type Page } from './test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { arrivalTexts } from '../../src/widget/arrivalTexts';
import { texts as widgetTexts } from '../../src/widget/texts';
import { ADMIN, STAFF, apiGet, dateField, moscowDate, signIn, token, typeDate } from './helpers';

// #44 Arrival at location 1 (arrivals on, its personal-data consent and rules published by the demo),
// in ru and en: a free booking of two guests made at the desk; the guests open the order's link at
// 390 px and sign there (the second a minor, with a guardian); then the cashier finds the order on
// the Arrivals screen by the code a USB scanner types from the QR code and checks it in with one action.
// The desk's tablet mode (the same page full-screen on the desk's device, held to leave), the camera's
// QR reader (a BarcodeDetector and a camera given to the page), and the widget's separate consent box
// as the personal-data document's signature.

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
    // This browser reads no barcodes: no camera button (the scanner and typing remain).
    await expect(page.getByTestId('arrivals-search')).toBeVisible();
    await expect(page.getByTestId('arrivals-camera')).toHaveCount(0);
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

const staffWords = { ru: ruMessages.app.arrival, en: enMessages.app.arrival } as const;

/** One guest signs every document on the (framed) guests' page, as an adult. */
async function signOne(frame: ReturnType<Page['frameLocator']>, lang: 'ru' | 'en', position: number, name: string) {
  const t = T[lang];
  await frame.getByTestId(`arrival-sign-${position}`).click();
  await frame.getByLabel(t.name, { exact: true }).fill(name);
  await frame.getByLabel(t.birth).fill('02.02.1990');
  for (const box of await frame.getByLabel(t.agree).all()) await box.check();
  await frame.getByTestId('arrival-submit').click();
  await expect(frame.getByTestId(`arrival-guest-${position}`)).toHaveAttribute('data-complete', 'true');
}

/** Holds the tablet's way back until it leaves (a long press of the staff). */
async function holdExit(page: Page) {
  const box = (await page.getByTestId('tablet-exit').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(page).toHaveURL(/\/locations\/1\/arrivals\?/, { timeout: 5000 });
  await page.mouse.up();
}

test('ru: a check-in blocked by unsigned documents is solved on the desk\'s tablet; another desk screen sees the signatures live', async ({ page, context }) => {
  const d = staffWords.ru;
  const g = arrivalTexts('ru');
  await signIn(page, STAFF, 'ru');
  const { id, date } = await twoGuests(page, 49, 'Пётр Планшетов');
  // A second screen of the desk on the same order (the live events keep it current).
  const other = await context.newPage();
  await other.goto(`/locations/1/arrivals?date=${date}&search=${id}`);
  await expect(other.getByTestId(`arrival-order-${id}`).getByTestId('arrival-signed')).toHaveText('Подписали 0 из 2');

  await page.goto(`/locations/1/arrivals?date=${date}&search=${id}`);
  const row = page.getByTestId(`arrival-order-${id}`);
  await row.getByRole('button', { name: T.ru.checkIn }).click();
  const blocked = row.getByTestId('arrival-blocked');
  await expect(blocked).toBeVisible();
  await blocked.getByRole('button', { name: d.tablet.open }).click();

  // Tablet mode: the guests' page, no staff header or menu, big targets.
  await expect(page.getByTestId('tablet-mode')).toBeVisible();
  await expect(page.locator('header, nav')).toHaveCount(0);
  const frame = page.frameLocator('[data-testid="tablet-frame"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(g('title'));
  await expect(frame.getByText(g('deskIntro'))).toBeVisible();
  expect((await frame.getByTestId('arrival-sign-1').boundingBox())!.height).toBeGreaterThanOrEqual(64);
  // Nothing leads out of the page: the policy's address is written, not a link.
  await expect(frame.getByRole('link')).toHaveCount(0);
  await signOne(frame, 'ru', 1, 'Пётр Планшетов');
  await signOne(frame, 'ru', 2, 'Анна Планшетова');
  await expect(frame.getByTestId('arrival-missing')).toHaveText(g('deskAllSigned'));
  await expect(other.getByTestId(`arrival-order-${id}`).getByTestId('arrival-signed')).toHaveText('Подписали 2 из 2');

  // A guest's tap on the way back, or Back, does not leave.
  await page.getByTestId('tablet-exit').click();
  await page.goBack().catch(() => null);
  await expect(page).toHaveURL(new RegExp(`/arrivals/tablet/${id}$`));
  await expect(page.getByTestId('tablet-mode')).toBeVisible();
  // The staff hold it: back to the Arrivals screen on the order, which checks in at once.
  await holdExit(page);
  await expect(row.getByTestId('arrival-signed')).toHaveText('Подписали 2 из 2');
  await row.getByRole('button', { name: T.ru.checkIn }).click();
  await expect(row.getByTestId('arrival-checked')).toHaveText(T.ru.checked);
  await other.close();
});

test('en: the order page opens the tablet mode; the guest switches its language; the order log says the signature was made on the desk\'s tablet, by whom', async ({ page }) => {
  const d = staffWords.en;
  await signIn(page, STAFF, 'en');
  const { id } = await twoGuests(page, 50, 'Tabitha Tablet');
  await page.goto(`/orders/${id}`);
  await page.getByTestId('order-arrival').getByRole('link', { name: d.tablet.open }).click();
  const frame = page.frameLocator('[data-testid="tablet-frame"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(arrivalTexts('en')('title'));
  await page.getByTestId('tablet-lang-ru').click();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(arrivalTexts('ru')('title'));
  await page.getByTestId('tablet-lang-en').click();
  await signOne(frame, 'en', 1, 'Tabitha Tablet');
  await holdExit(page);
  await expect(page.getByTestId(`arrival-order-${id}`).getByTestId('arrival-signed')).toHaveText('Signed 1 of 2');

  await page.goto(`/orders/${id}`);
  const staffName = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { name?: string }).name ?? '');
  const entry = page.getByTestId('order-log').locator('tr[data-type="signed"]').filter({ hasText: 'Visitor rules and safety briefing' });
  await expect(entry).toContainText('Tabitha Tablet signed “Visitor rules and safety briefing”, version 1, on the desk’s tablet');
  await expect(entry.locator('td').last()).toHaveText(staffName);
});

// The Barcode Detection API where the browser has it: the page is given one that reads a frame of a
// playing camera (a stub of getUserMedia: a canvas's stream), so the screen's own path runs.
for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the camera reads the QR code and finds the order like the typed code`, async ({ page }) => {
    await signIn(page, STAFF, lang);
    const { id, date, path } = await twoGuests(page, lang === 'ru' ? 51 : 52, lang === 'ru' ? 'Кира Камерова' : 'Cam Reader');
    const link = `http://127.0.0.1${path}`;
    await page.addInitScript((code) => {
      class FakeDetector {
        static async getSupportedFormats() { return ['qr_code', 'ean_13']; }
        constructor(readonly options: { formats: string[] }) {}
        async detect(source: unknown) {
          // Only a playing video with the camera's picture holds the code.
          const ok = source instanceof HTMLVideoElement && source.srcObject instanceof MediaStream && source.videoWidth > 0 && this.options.formats.includes('qr_code');
          return ok ? [{ rawValue: code, format: 'qr_code' }] : [];
        }
      }
      (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = FakeDetector;
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
        const g = canvas.getContext('2d')!;
        let n = 0;
        setInterval(() => { g.fillStyle = n++ % 2 ? '#000' : '#fff'; g.fillRect(0, 0, 320, 240); }, 50);
        return canvas.captureStream(20);
      };
    }, link);
    await page.goto(`/locations/1/arrivals?date=${date}`);
    await page.getByRole('button', { name: staffWords[lang].camera.open }).click();
    await expect(page.getByRole('dialog', { name: staffWords[lang].camera.title })).toBeHidden();
    await expect(page.getByTestId('arrivals-search')).toHaveValue(link);
    await expect(page.getByTestId('arrival-session')).toHaveCount(1);
    await expect(page.getByTestId(`arrival-order-${id}`)).toBeVisible();
  });
}

// #40/#44 The widget's separate consent box is the personal-data document: its current version's text
// (in the widget's language) and the policy link; no booking without the tick; the booking's lead guest
// has signed that version.
for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the widget's separate consent box shows the personal-data document's current version and records its signature`, async ({ page, request }) => {
    const w = widgetTexts(lang);
    await signIn(page, ADMIN, lang);
    // Location 1's policy link (the demo has none): put back at the end.
    const policy = `https://example.com/privacy-${lang}`;
    const setPolicy = async (url: string) => {
      const res = await page.request.put('/api/v2.1/locations/1/', { headers: { Authorization: `Token ${await token(page)}` }, data: { privacy_policy_url: url } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await setPolicy(policy);
    try {
      const loc = await (await request.get(`/api/public/locations/1/?lang=${lang}`)).json() as { today: string; privacy_policy_url: string; personal_data_consent: { version: number; text: string } };
      // The widget's text is the personal-data document's current version, the one guests sign.
      const docs = await apiGet<{ kind: string; current: { version: number }; published_version: number | null }[]>(page, '/api/v2.2/locations/1/consent_documents/');
      const pd = docs.find((x) => x.kind === 'personal_data')!;
      expect([pd.current.version, pd.published_version]).toEqual([loc.personal_data_consent.version, loc.personal_data_consent.version]);
      const date = moscowDate(lang === 'ru' ? 53 : 54);
      const slots = await (await request.get(`/api/public/locations/1/slots/?date=${date}`)).json() as { playgrounds: { id: number; max_players: number; sessions: { time_start: string; begin: string; available_persons: number }[] }[] };
      const pg = slots.playgrounds.find((p) => p.sessions.some((s) => s.available_persons === p.max_players && s.begin >= '15:00'))!;
      const session = pg.sessions.find((s) => s.available_persons === pg.max_players && s.begin >= '15:00')!;

      const guest = await page.context().browser()!.newPage({ viewport: { width: 390, height: 844 } });
      await guest.goto(`/widget/?location=1&lang=${lang}`);
      await guest.getByTestId('widget-date').fill(date.split('-').reverse().join('.'));
      await guest.locator(`[data-testid="widget-session"][data-playground="${pg.id}"][data-start="${session.time_start}"]`).click();
      await guest.getByTestId('widget-persons').selectOption('2');
      if (await guest.getByTestId('widget-game').count()) await guest.getByTestId('widget-game').selectOption({ index: 1 });
      await guest.getByLabel(w('name'), { exact: true }).fill(lang === 'ru' ? 'Вера Согласова' : 'Vera Consent');
      await guest.getByLabel(w('phone'), { exact: true }).fill('+79990007788');
      await guest.getByLabel(w('email'), { exact: true }).fill(`consent-${lang}@example.com`);
      const box = guest.getByTestId('widget-consent-block');
      await expect(box.getByRole('checkbox', { name: w('consent') })).not.toBeChecked();
      await box.getByText(w('consentText')).click();
      await expect(box.getByRole('region', { name: w('consentText') })).toHaveText(loc.personal_data_consent.text);
      expect(loc.privacy_policy_url).toBe(policy);
      await expect(box.getByRole('link', { name: w('privacyPolicy') })).toHaveAttribute('href', policy);
      await expect(guest.getByTestId('price-total')).toBeVisible();
      // Without the tick: refused with its words, nothing booked.
      let posted = 0;
      guest.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/bookings/')) posted++; });
      await guest.locator('form button[type="submit"]').click();
      await expect(box).toContainText(w('consentRequired'));
      expect(posted).toBe(0);
      await box.getByRole('checkbox', { name: w('consent') }).check();
      const [answer] = await Promise.all([
        guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/public/locations/1/bookings/')),
        guest.locator('form button[type="submit"]').click(),
      ]);
      expect(answer.status(), await answer.text()).toBe(201);
      const orderId = (await answer.json()).order.id as number;
      await guest.close();

      // The lead guest's signature carries that version of the personal-data document.
      const order = await apiGet<{ personal_data_consent: { version: number; text: string } | null; participants: { lead: boolean; documents: Record<string, boolean> }[] }>(page, `/api/v2.2/orders/${orderId}/`);
      expect(order.personal_data_consent).toMatchObject({ version: loc.personal_data_consent.version, text: expect.any(String) });
      expect(order.participants.find((p) => p.lead)!.documents.personal_data).toBe(true);
      expect(order.participants.filter((p) => !p.lead).every((p) => p.documents.personal_data === false)).toBe(true);
    } finally { await setPolicy(''); }
  });
}
