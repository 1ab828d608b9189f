// #44 The documents for guests, in ru and en, as a location's administrator edits them: reached from
// the management page's card, the rules ("Правила посещения и инструктаж") edited and saved as the
// next version, which the screen and its history show; at location 2 (the demo's #40 template, so
// the checklist's documents step links here) a personal-data consent with a wrong INN and no operator
// is refused, each of the server's messages under its field, and nothing is saved.
import { expect, test } from './test';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';
import { serverMessages } from '../../server/platform/messages';
import { ADMIN, signIn, type Lang } from './helpers';

const say = (lang: Lang, key: string, args: Record<string, string | number> = {}): string => {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], lang === 'ru' ? ruMessages : enMessages) as string;
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
};

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the administrator edits the rules and a new version is made; an incomplete personal-data consent is refused by its fields`, async ({ page }) => {
    await signIn(page, ADMIN, lang, '/locations/1/location_management');
    await page.getByTestId('management-card-consent_documents').click();
    await expect(page).toHaveURL(/\/locations\/1\/consent_documents$/);

    // The rules: their current version, a line added, saved as the next version that guests sign again.
    await page.getByRole('tab', { name: say(lang, 'app.consentDocuments.tabLabels.rules') }).click();
    await expect(page.getByRole('heading', { level: 2, name: say(lang, 'app.arrival.kinds.rules') })).toBeVisible();
    const doc = page.getByTestId('consent-document');
    await expect(doc).toHaveAttribute('data-kind', 'rules');
    const current = doc.getByTestId('consent-current-version');
    const before = Number(await current.getAttribute('data-version'));
    await expect(doc.getByTestId('consent-next-version')).toHaveText(say(lang, 'app.consentDocuments.newVersion', { version: before + 1 }));
    const ru = doc.getByTestId('consent-text_ru');
    await ru.fill(`${await ru.inputValue()}\n7. Берегите друг друга (${lang}).`);
    await doc.getByRole('button', { name: say(lang, 'app.consentDocuments.save') }).click();
    await expect(page.getByText(say(lang, 'app.consentDocuments.saved', { version: before + 1 }))).toBeVisible();
    await expect(current).toHaveAttribute('data-version', String(before + 1));
    await expect(doc.getByTestId('consent-published')).toHaveText(say(lang, 'app.consentDocuments.signed', { version: before + 1 }));
    // Its history, newest first: the new version is the current one; the one before is still there.
    await doc.getByRole('button', { name: say(lang, 'app.consentDocuments.history') }).click();
    const rows = doc.getByTestId('consent-version-row');
    await expect(rows.first()).toHaveAttribute('data-version', String(before + 1));
    await expect(rows.first()).toContainText(say(lang, 'app.consentDocuments.current'));
    await expect(rows.nth(1)).toHaveAttribute('data-version', String(before));

    // Location 2 keeps the #40 template: its checklist's documents step blocks online and links here.
    await page.goto('/locations/2/location_management');
    const step = page.getByTestId('readiness').locator('[data-testid="readiness-step"][data-step="documents"]');
    await expect(step).toHaveAttribute('data-blocks', 'online');
    await step.getByRole('link', { name: `${say(lang, 'app.consentDocuments.card')} →` }).click();
    await expect(page).toHaveURL(/\/locations\/2\/consent_documents$/);
    await expect(page.getByTestId('consent-policy-none')).toBeVisible();
    const pd = page.getByTestId('consent-document');
    await expect(pd.getByTestId('consent-published')).toHaveText(say(lang, 'app.consentDocuments.notSigned'));
    await expect(pd.getByTestId('consent-follows')).toBeVisible();
    // A wrong INN typed, the operator and the address left empty: refused, each message under its field.
    await pd.getByTestId('consent-detail-inn').fill('7701234561');
    await expect(pd.getByTestId('consent-text_ru')).toHaveValue(/7701234561/);
    await pd.getByRole('button', { name: say(lang, 'app.consentDocuments.save') }).click();
    await expect(page.getByText(say(lang, 'app.consentDocuments.refused'))).toBeVisible();
    const messages = serverMessages[lang];
    await expect(pd.getByTestId('consent-detail-inn')).toHaveAccessibleDescription(messages.consent_inn_invalid);
    await expect(pd.getByTestId('consent-detail-operator')).toHaveAccessibleDescription(messages.required);
    await expect(pd.getByTestId('consent-detail-address')).toHaveAccessibleDescription(messages.required);
    await expect(pd.getByTestId('consent-text_ru')).toHaveAccessibleDescription(messages.consent_placeholders);
    await expect(pd.getByTestId('consent-current-version')).toHaveAttribute('data-version', '1');
  });
}
