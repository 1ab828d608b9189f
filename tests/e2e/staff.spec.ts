import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, letterText, signIn, waitForLetter, type Lang } from './helpers';

// #28 STAFF: the owner invites a cashier on location 1's Staff screen; the cashier opens the link of
// the letter in the mail folder, sets a name and password and lands signed in at their location.

const T = {
  ru: { card: /Сотрудники/, invite: 'Пригласить', email: 'Электронная почта', permission: 'Мультибронирование', invited: 'Приглашён',
    heading: /^Присоединиться к /, name: 'Ваше имя', password: 'Пароль', confirm: 'Повторите пароль', join: 'Присоединиться', active: 'Активен' },
  en: { card: /Staff/, invite: 'Invite', email: 'E-mail', permission: 'Multi-booking', invited: 'Invited',
    heading: /^Join /, name: 'Your name', password: 'Password', confirm: 'Repeat the password', join: 'Join', active: 'Active' },
} as const;

async function acceptInFreshBrowser(browser: Browser, link: string, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const t = T[lang];
  await page.goto(new URL(link).pathname);
  if (lang === 'en') await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
  await page.getByLabel(t.name).fill(`Cashier ${lang}`);
  await page.getByLabel(t.password).first().fill('cashier-pass-1');
  await page.getByLabel(t.confirm).fill('cashier-pass-1');
  await page.getByRole('button', { name: t.join }).click();
  // Signed in: the locations list with the one location of the invitation.
  await expect(page).toHaveURL(/\/locations$/);
  await context.close();
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: invite a cashier on the Staff screen, join by the letter's link, land signed in`, async ({ page, browser }) => {
    const t = T[lang];
    const email = `cashier-${lang}-${Date.now()}@example.com`;
    await signIn(page, ADMIN, lang);
    await page.goto('/locations/1/location_management');
    await page.getByRole('link', { name: t.card }).click();
    await expect(page).toHaveURL(/\/locations\/1\/staff$/);

    const since = Date.now() - 1000;
    await page.getByRole('button', { name: t.invite }).click();
    const dialog = page.getByTestId('staff-invite');
    await dialog.getByLabel(t.email).fill(email);
    await dialog.getByLabel(t.permission).check();
    await dialog.getByRole('button', { name: t.invite }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(t.invited);
    await expect(row).toContainText('multibooking');

    const letter = letterText(await waitForLetter(email, since));
    const link = letter.match(/https?:\/\/[^\s]+\/invitation\/[0-9a-f]+/)?.[0];
    expect(link, letter).toBeTruthy();
    await acceptInFreshBrowser(browser, link!, lang);

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t.active);
  });
}
