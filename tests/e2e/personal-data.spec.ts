// #40 The staff screens of the customers' personal data, in ru and en: the administrator sets the
// venue's phone (the tools page's widget tab, typed as people type it); an order booked through the
// public API with the consent shows its record on the order page (version, time, address, browser,
// hash, the text), a widget order without one says so, and a desk order shows none.
// #44 The location settings hold no consent editor any more: they link to the documents for guests
// (one editor, ru and en texts). They hold the arrival settings: the Arrivals screen's notice leads an
// administrator to them, a grace period out of range is refused under its field, turning arrivals on
// where the rules are not published says so and links to that document. Location 2's settings; its
// phone, link and arrival settings are put back at the end.
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { serverMessages } from '../../server/platform/messages';
import { ADMIN, apiGet, bookEmptySession, signIn, token, type Lang } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** A text of the app's dictionary in `lang`, its placeholders filled. */
function say(lang: Lang, key: string, args: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], lang === 'ru' ? ruMessages : enMessages) as string;
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface ArrivalSettings { arrivals_enabled: boolean; grace_minutes: number; minor_age: number }
interface WidgetSettings { payment_minutes: number; cancel_hours: number; phone: string }

async function put(page: Page, path: string, data: unknown) {
  const res = await page.request.put(path, { headers: { Authorization: `Token ${await token(page)}` }, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Location 2's phone, policy link (none) and arrivals (off) as the demo has them: the other tests expect that. */
async function putBack(page: Page) {
  const widget = await apiGet<WidgetSettings>(page, '/api/v2.1/locations/2/widget_settings/');
  await put(page, '/api/v2.1/locations/2/widget_settings/', { payment_minutes: widget.payment_minutes, cancel_hours: widget.cancel_hours, phone: '' });
  await put(page, '/api/v2.1/locations/2/', { privacy_policy_url: '' });
  await put(page, '/api/v2.2/locations/2/arrival_settings/', { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the administrator sets the venue's phone; the location settings link to the documents for guests and turn arrivals on from the Arrivals screen's notice`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await putBack(page);
    try {
      // The venue's phone, where it is set: the widget tab of the tools page, typed as people type it.
      await page.goto('/locations/2/tools?tab=widget');
      const tab = page.getByRole('tabpanel');
      const phone = tab.getByLabel(new RegExp(`^${escapeRe(say(lang, 'app.tools.widget.phone'))}`));
      await expect(tab.getByText(say(lang, 'app.tools.widget.phoneHint'))).toBeVisible();
      await phone.fill('+7 (812) 123-45-67');
      await tab.getByRole('button', { name: say(lang, 'ra.action.save') }).click();
      await expect(page.getByText(say(lang, 'app.tools.widget.saved'))).toBeVisible();
      await page.reload();
      await expect(phone).toHaveValue('+78121234567');

      // #44 Arrivals are off at location 2: the Arrivals screen leads the administrator to the switch.
      await page.goto('/locations/2/arrivals');
      const off = page.getByTestId('arrivals-off');
      await expect(off).toContainText(say(lang, 'app.arrival.desk.off'));
      await off.getByRole('link', { name: say(lang, 'app.locationArrivals.desk.turnOn') }).click();
      await expect(page).toHaveURL(/\/locations\/2\/location_settings#arrivals$/);
      const arrivals = page.getByTestId('location-arrivals');
      await expect(arrivals.getByRole('heading', { name: say(lang, 'app.locationArrivals.section') })).toBeInViewport();
      const enabled = arrivals.getByLabel(say(lang, 'app.locationArrivals.fields.arrivals_enabled'));
      await expect(enabled).toBeFocused();
      await expect(enabled).not.toBeChecked();
      const grace = arrivals.getByTestId('arrival-grace_minutes');
      const minor = arrivals.getByTestId('arrival-minor_age');
      await expect(grace).toHaveValue('15');
      await expect(minor).toHaveValue('18');

      // No consent editor here: the documents for guests edit the policy link and the consent.
      await expect(page.getByRole('textbox', { name: lang === 'ru' ? /Текст согласия/ : /consent text/i })).toHaveCount(0);
      const documents = page.getByTestId('location-documents');
      await expect(documents.getByRole('heading', { name: say(lang, 'app.locationArrivals.documents.title') })).toBeVisible();
      await expect(documents.getByRole('link', { name: say(lang, 'app.locationArrivals.documents.open') })).toHaveAttribute('href', '/locations/2/consent_documents');

      // Turned on where nothing is published (the #40 template, no rules): said, with the way there.
      await enabled.check();
      const missing = arrivals.getByTestId('arrivals-documents-missing');
      await expect(missing).toContainText(say(lang, 'app.locationArrivals.quoted', { title: say(lang, 'app.arrival.kinds.rules') }));
      await expect(missing).toContainText(say(lang, 'app.locationArrivals.quoted', { title: say(lang, 'app.arrival.kinds.personal_data') }));
      // A grace period out of range: the server's message under its field, and nothing saved.
      const save = page.getByRole('button', { name: say(lang, 'ra.action.save') });
      await grace.fill('241');
      await save.click();
      await expect(grace).toHaveAttribute('aria-invalid', 'true');
      await expect(arrivals.getByText(serverMessages[lang].max_value.replace('%{max}', '240'))).toBeVisible();
      expect(await apiGet<ArrivalSettings>(page, '/api/v2.2/locations/2/arrival_settings/')).toEqual({ arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
      await grace.fill('30');
      await minor.fill('16');
      await save.click();
      await expect(page.getByText(say(lang, 'app.locationSettings.saved'))).toBeVisible();
      expect(await apiGet<ArrivalSettings>(page, '/api/v2.2/locations/2/arrival_settings/')).toEqual({ arrivals_enabled: true, grace_minutes: 30, minor_age: 16 });
      await page.reload();
      await expect(enabled).toBeChecked();
      await expect(grace).toHaveValue('30');
      await expect(minor).toHaveValue('16');
      // The warning's link opens the documents on the rules' tab.
      await missing.getByRole('link', { name: say(lang, 'app.locationArrivals.openDocuments') }).click();
      await expect(page).toHaveURL(/\/locations\/2\/consent_documents\?kind=rules$/);
      await expect(page.getByRole('tab', { name: say(lang, 'app.consentDocuments.tabLabels.rules') })).toHaveAttribute('aria-selected', 'true');
    } finally {
      await putBack(page);
    }
  });
}

/** A widget booking at location 1 a month or so ahead, with the consent, from a browser of its own. */
async function consentedBooking(request: APIRequestContext, userAgent: string) {
  const loc = await (await request.get('/api/public/locations/1/?lang=ru')).json() as { today: string; personal_data_consent: { version: number; text: string } };
  const d = new Date(`${loc.today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 30 + Math.floor(Math.random() * 20));
  const date = d.toISOString().slice(0, 10);
  const slots = await (await request.get(`/api/public/locations/1/slots/?date=${date}`)).json() as
    { playgrounds: { id: number; sessions: { time_start: string; begin: string; available_persons: number }[] }[] };
  const [game] = await (await request.get('/api/public/locations/1/games/')).json() as { id: number }[];
  // The widget's bookings are throttled per address: one try, on a session with room.
  const pg = slots.playgrounds.find((p) => p.sessions.some((s) => s.available_persons >= 1 && s.begin >= '12:00'))!;
  const session = pg.sessions.find((s) => s.available_persons >= 1 && s.begin >= '12:00')!;
  const res = await request.post('/api/public/locations/1/bookings/?lang=ru', {
    headers: { 'User-Agent': userAgent },
    data: {
      playground_id: pg.id, session_dt: session.time_start, name: 'Согласный Клиент', phone: '+79161234567', email: 'consent@example.com',
      persons: 1, promocode: '', game_id: game!.id, personal_data_consent: true, personal_data_consent_version: loc.personal_data_consent.version,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { order: { id: number } }).order.id, consent: loc.personal_data_consent };
}

test('ru and en: an order booked in the widget with the consent shows its record on the order page; a desk order shows none', async ({ page, request }) => {
  // A long user agent: the page cuts it to a line and gives the whole of it on hover.
  const userAgent = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 E2E-${Date.now()}`;
  const booked = await consentedBooking(request, userAgent);
  const hash = crypto.createHash('sha256').update(booked.consent.text, 'utf8').digest('hex');
  for (const lang of ['ru', 'en'] as const) {
    await signIn(page, ADMIN, lang, `/orders/${booked.id}`);
    const block = page.getByTestId('order-consent');
    await expect(block.getByRole('heading', { name: say(lang, 'app.consent.order.title') })).toBeVisible();
    await expect(block.getByTestId('order-consent-version')).toHaveText(String(booked.consent.version));
    // The one date formatter (DD.MM.YYYY HH:mm on the location's clock).
    await expect(block.getByTestId('order-consent-accepted')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await expect(block.getByTestId('order-consent-ip')).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    const browser = block.getByTestId('order-consent-browser').locator('[data-truncated="true"]');
    await expect(browser).toHaveAttribute('title', userAgent);
    await expect(block.getByTestId('order-consent-hash')).toHaveText(hash);
    // The exact text one click away.
    await block.getByRole('button', { name: say(lang, 'app.consent.order.showText') }).click();
    const dialog = page.getByRole('dialog', { name: say(lang, 'app.consent.order.textTitle', { version: booked.consent.version }) });
    await expect(dialog.getByTestId('order-consent-text')).toHaveText(booked.consent.text, { useInnerText: true });
    expect(await dialog.getByTestId('order-consent-text').evaluate((el) => el.textContent)).toBe(booked.consent.text);
    await dialog.getByRole('button', { name: say(lang, 'app.common.close') }).click();
    await expect(dialog).toBeHidden();
  }
  // A widget order without a record (booked before the widget asked) says so: its answer as an older order's.
  const orderAnswer = new RegExp(`/api/v2\\.2/orders/${booked.id}/$`);
  await page.route(orderAnswer, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), personal_data_consent: null } });
  });
  await page.goto(`/orders/${booked.id}`);
  await expect(page.getByTestId('order-consent-missing')).toHaveText(say('en', 'app.consent.order.notRecorded'));
  await page.unroute(orderAnswer);
  // A desk order (booked for the customer by staff) has no consent record and shows no block.
  const desk = await bookEmptySession(page, 33, 'Desk Guest');
  await page.goto(`/orders/${desk.orderId}`);
  await expect(page.getByTestId('order-name')).toHaveText('Desk Guest');
  await expect(page.getByTestId('order-consent')).toHaveCount(0);
});
