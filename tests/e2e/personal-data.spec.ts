// #40 The staff screens of the customers' personal data, in ru and en: the administrator sets the
// venue's phone (the tools page's widget tab, typed as people type it), the privacy policy link
// (a bad one is refused under its field) and the consent text, started from the template after a
// question, and sees the text's next version; an order booked through the public API with the
// consent shows its record on the order page (version, time, address, browser, hash, the text),
// a widget order without one says so, and a desk order shows none. Location 2's settings; its phone
// and link are put back at the end (its consent text keeps its new version).
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { serverMessages } from '../../server/platform/messages';
import { ACTIVITY_CHANGE_FIELDS } from '../../domain/activity';
import { ADMIN, apiGet, bookEmptySession, letterTag, signIn, token, type Lang } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** A text of the app's dictionary in `lang`, its placeholders filled. */
function say(lang: Lang, key: string, args: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], lang === 'ru' ? ruMessages : enMessages) as string;
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Location2 {
  privacy_policy_url: string;
  personal_data_consent_text: string;
  personal_data_consent_version: number;
  personal_data_consent_updated_at: string;
}
interface WidgetSettings { payment_minutes: number; cancel_hours: number; phone: string }

async function put(page: Page, path: string, data: unknown) {
  const res = await page.request.put(path, { headers: { Authorization: `Token ${await token(page)}` }, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Location 2's phone and policy link as the demo has them (none): the widget's tests expect that. */
async function putBack(page: Page) {
  const widget = await apiGet<WidgetSettings>(page, '/api/v2.1/locations/2/widget_settings/');
  await put(page, '/api/v2.1/locations/2/widget_settings/', { payment_minutes: widget.payment_minutes, cancel_hours: widget.cancel_hours, phone: '' });
  await put(page, '/api/v2.1/locations/2/', { privacy_policy_url: '' });
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the administrator sets the venue's phone, the privacy policy link and the consent text from the template, and sees its next version`, async ({ page }) => {
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

      // The settings: the policy link and the consent text with its version.
      const before = await apiGet<Location2>(page, '/api/v2.1/locations/2/');
      await page.goto('/locations/2/location_management');
      await page.getByTestId('management-card-location_settings').getByRole('link').click();
      await expect(page).toHaveURL(/\/locations\/2\/location_settings$/);
      const section = page.getByTestId('personal-data');
      await expect(section.getByRole('heading', { name: say(lang, 'app.consent.section') })).toBeVisible();
      const version = section.getByTestId('consent-version');
      const versionText = (n: number) => new RegExp(`^${escapeRe(say(lang, 'app.consent.version', { version: n, date: '#' })).replace('#', '\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}')}$`);
      await expect(version).toHaveText(versionText(before.personal_data_consent_version));
      // What the law expects the text to name, beside it.
      for (const k of ['operator', 'purposes', 'data', 'actions', 'term', 'withdraw']) {
        await expect(section.getByTestId('consent-law')).toContainText(say(lang, `app.consent.law.${k}`));
      }
      const link = section.getByLabel(say(lang, 'app.consent.privacyUrl'));
      const text = section.getByRole('textbox', { name: say(lang, 'app.consent.text') });
      await expect(text).toHaveValue(before.personal_data_consent_text);
      const save = page.getByRole('button', { name: say(lang, 'ra.action.save') });

      // A link that is not http(s) is refused by the server, its message under the field.
      await link.fill('ftp://example.com/privacy');
      await save.click();
      await expect(link).toHaveAttribute('aria-invalid', 'true');
      await expect(section.getByText(serverMessages[lang].invalid_url)).toBeVisible();
      await expect(section.getByText(say(lang, 'app.consent.privacyUrlHint'))).toHaveCount(0);
      await link.fill('https://example.com/privacy');

      // Typed text is not replaced by the template without a yes.
      const draft = lang === 'ru' ? 'Мой черновик согласия' : 'My draft of the consent';
      await text.fill(draft);
      await section.getByRole('button', { name: say(lang, 'app.consent.fromTemplate') }).click();
      const ask = page.getByRole('dialog', { name: say(lang, 'app.consent.replaceTitle') });
      await ask.getByRole('button', { name: say(lang, 'app.common.no') }).click();
      await expect(ask).toBeHidden();
      await expect(text).toHaveValue(draft);
      const template = await apiGet<{ text: string }>(page, `/api/v2.2/locations/2/consent_template/?lang=${lang}`);
      await section.getByRole('button', { name: say(lang, 'app.consent.fromTemplate') }).click();
      await ask.getByRole('button', { name: say(lang, 'app.common.yes') }).click();
      await expect(text).toHaveValue(template.text);
      // What the template leaves to the operator is named until it is filled in.
      const unfilled = section.getByTestId('consent-unfilled');
      await expect(unfilled).toContainText(lang === 'ru' ? '[ИНН]' : '[INN]');
      // The administrator fills in the places in brackets (no long digit runs: the walk's and the
      // widget's number checks read the text where it is shown).
      const written = `${template.text.replace(/\[[^\]\n]{2,120}\]/g, lang === 'ru' ? '«Пример»' : '"Example"')}\n${letterTag()}`;
      await text.fill(written);
      await expect(unfilled).toHaveCount(0);
      await save.click();
      await expect(page.getByText(say(lang, 'app.locationSettings.saved'))).toBeVisible();
      await expect(version).toHaveText(versionText(before.personal_data_consent_version + 1));

      const after = await apiGet<Location2>(page, '/api/v2.1/locations/2/');
      expect(after.personal_data_consent_version).toBe(before.personal_data_consent_version + 1);
      expect(after.personal_data_consent_text).toBe(written);
      expect(after.privacy_policy_url).toBe('https://example.com/privacy');
      // Read again, the screen shows what was saved.
      await page.reload();
      await expect(text).toHaveValue(written);
      await expect(link).toHaveValue('https://example.com/privacy');
      // Saving the same text makes no new version.
      await save.click();
      await expect(page.getByText(say(lang, 'app.locationSettings.saved')).first()).toBeVisible();
      expect((await apiGet<Location2>(page, '/api/v2.1/locations/2/')).personal_data_consent_version).toBe(before.personal_data_consent_version + 1);
      // An emptied text is refused in the form.
      await text.fill('   ');
      await save.click();
      await expect(text).toHaveAttribute('aria-invalid', 'true');

      // The location's activity names the change by the versions, not the text.
      await page.goto('/locations/2/activity');
      const entry = page.getByRole('row').filter({ hasText: say(lang, 'resources.activity.consentVersion', { version: before.personal_data_consent_version + 1, hash: '' }).replace(/…\)$/, '') }).first();
      await expect(entry).toContainText(ACTIVITY_CHANGE_FIELDS.personal_data_consent[lang]);
      await expect(entry).toContainText(say(lang, 'resources.activity.consentVersion', { version: before.personal_data_consent_version, hash: crypto.createHash('sha256').update(before.personal_data_consent_text, 'utf8').digest('hex').slice(0, 12) }));
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
