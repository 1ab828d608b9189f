// #45 Messages to customers, in ru and en: the administrator opens the messaging screen from its
// management card, edits a template (a variable inserted by a click), sees the live preview follow
// the text, is told under the body of an unknown variable, saves, sends themselves a test and finds
// the letter in the mail folder; back to the built-in text. An order's page has its messages card.
import { expect, test } from '@playwright/test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { ADMIN, bookEmptySession, letterTag, signIn, waitForLetter, type Lang } from './helpers';

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

    // An order's page: its messages card (messaging is off at the demo's location: none planned).
    const { orderId } = await bookEmptySession(page, lang === 'ru' ? 20 : 21, `Messages ${tag}`);
    await page.goto(`/orders/${orderId}`);
    const card = page.getByTestId('order-messages');
    await expect(card.getByRole('heading', { name: say(lang, 'app.messaging.order.title') })).toBeVisible();
    await expect(card.getByText(say(lang, 'app.messaging.order.empty'))).toBeVisible();
  });
}
