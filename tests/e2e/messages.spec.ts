// #45 Messages to customers, in ru and en: the administrator opens the messaging screen from its
// management card, edits a template (a variable inserted by a click), sees the live preview follow
// the text, is told under the body of an unknown variable, saves, sends themselves a test and finds
// the letter in the mail folder; back to the built-in text. An order's page has its messages card.
import { expect, test } from './test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { ADMIN, apiGet, bookEmptySession, letterTag, letterText, signIn, token, waitForLetter, type Lang } from './helpers';

const say = (lang: Lang, key: string, args: Record<string, string | number> = {}): string => {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], lang === 'ru' ? ruMessages : enMessages) as string;
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
};

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a template edited with its preview, a test sent; an order's messages on its page`, async ({ page }) => {
    await signIn(page, ADMIN, lang, '/locations/1/location_management');
    await page.getByTestId('management-card-messaging').click();
    await expect(page).toHaveURL(/\/locations\/1\/messaging$/);
    const editor = page.getByTestId('message-templates');
    await editor.getByTestId('template-kind-reminder').click();
    await editor.getByTestId(`template-language-${lang}`).click();
    const tag = letterTag();
    const body = editor.getByTestId('template-body');
    await body.fill(`Test ${tag}: `);
    await editor.getByTestId('template-variable-playground').click();
    await expect(body).toHaveValue(`Test ${tag}: {playground}`);
    // The preview renders the sample booking's values, not the variable's name.
    const preview = editor.getByTestId('template-preview-body');
    await expect(preview).toContainText(`Test ${tag}: `);
    await expect(preview).not.toContainText('{playground}');
    // An unknown variable: the server's 400 under the body.
    await body.fill(`Test ${tag} {nope}`);
    await expect(editor.getByText(/nope/).last()).toBeVisible();
    await body.fill(`Test ${tag} {order}`);
    await expect(preview).toContainText(`Test ${tag} `);
    await editor.getByTestId('template-save').click();
    await expect(page.getByText(say(lang, 'app.messaging.templates.saved'))).toBeVisible();
    await expect(editor.getByTestId('template-origin')).toHaveText(say(lang, 'app.messaging.templates.custom'));
    const since = Date.now();
    await editor.getByTestId('template-test').click();
    await expect(page.getByText(say(lang, 'app.messaging.templates.testSent', { to: ADMIN.email }))).toBeVisible();
    expect(await waitForLetter(ADMIN.email, since)).toContain(tag);
    await editor.getByTestId('template-reset').click();
    await expect(editor.getByTestId('template-origin')).toHaveText(say(lang, 'app.messaging.templates.builtIn'));

    // An order's page: its messages card. Messaging is off at the demo's location (nothing planned,
    // the card says so); on with e-mail for this order only, its confirmation goes at once and its
    // reminders wait for their time.
    const empty = await bookEmptySession(page, lang === 'ru' ? 20 : 21, `Messages ${tag}`);
    await page.goto(`/orders/${empty.orderId}`);
    const card = page.getByTestId('order-messages');
    await expect(card.getByRole('heading', { name: say(lang, 'app.messaging.order.title') })).toBeVisible();
    await expect(card.getByText(say(lang, 'app.messaging.order.empty'))).toBeVisible();

    const messaging = async (channels: string[]) => {
      const res = await page.request.put('/api/v2.2/locations/1/messaging/', { headers: { Authorization: `Token ${await token(page)}` }, data: { channels } });
      expect(res.status(), await res.text()).toBe(200);
    };
    const email = `guest-${tag}@example.com`;
    await messaging(['email']);
    let orderId: number;
    try {
      const booked = Date.now();
      ({ orderId } = await bookEmptySession(page, lang === 'ru' ? 22 : 23, `Messages ${tag}`, { email, language: lang }));
      // The confirmation letter, in the booking's language, is in the mail folder.
      expect(letterText(await waitForLetter(email, booked))).toContain(String(orderId));
    } finally {
      await messaging([]);
    }
    await page.goto(`/orders/${orderId}`);
    const confirmation = card.locator('[data-testid="order-message"][data-kind="confirmation"]');
    await expect(confirmation).toHaveAttribute('data-state', 'sent');
    await expect(confirmation).toContainText(say(lang, 'app.customerMessages.kinds.confirmation'));
    await expect(confirmation).toContainText(email);
    await expect(confirmation).toContainText(say(lang, 'app.customerMessages.states.sent'));
    // Both reminders (24 h and 2 h before), waiting for their time.
    const reminders = card.locator('[data-testid="order-message"][data-kind="reminder"]');
    await expect(reminders).toHaveCount(2);
    for (const reminder of await reminders.all()) {
      await expect(reminder).toHaveAttribute('data-state', 'pending');
      await expect(reminder).toContainText(say(lang, 'app.messaging.order.due', { time: '' }).trim());
    }
  });
}

test('the unsubscribe page of a marketing thank-you asks first, unsubscribes with one press and says so, in ru and in en', async ({ page }) => {
  await signIn(page, ADMIN, 'ru', '/locations');
  const words = {
    ru: { ask: /Больше не получать предложения и промокоды от «VR Арена Москва»\?/, button: 'Отписаться', done: 'Готово: «VR Арена Москва» больше не будет присылать вам предложения.' },
    en: { ask: /Stop receiving offers and promo codes from .+\? Booking confirmations and reminders still come\./, button: 'Unsubscribe', done: /^Done: .+ will send you no more offers\.$/ },
  } as const;
  for (const [i, lang] of (['ru', 'en'] as const).entries()) {
    const { orderId } = await bookEmptySession(page, 24 + i, `Unsubscribe ${lang}`, { email: `unsubscribe-${lang}-${letterTag()}@example.com` });
    const order = await apiGet<{ arrival_url: string }>(page, `/api/v2.2/orders/${orderId}/`);
    const key = new URL(order.arrival_url).pathname.split('/').pop()!;
    await page.goto(`/unsubscribe/${key}?lang=${lang}`);
    // Opening the link changes nothing (mail scanners open links): the page asks.
    await expect(page.getByTestId('unsubscribe-ask')).toHaveText(words[lang].ask);
    await page.reload();
    const button = page.getByRole('button', { name: words[lang].button });
    await button.click();
    await expect(page.getByTestId('unsubscribe-done')).toHaveText(words[lang].done);
    // Again later: already done.
    await page.reload();
    await expect(page.getByTestId('unsubscribe-done')).toHaveText(words[lang].done);
    await expect(page.getByRole('button', { name: words[lang].button })).toHaveCount(0);
  }
});
