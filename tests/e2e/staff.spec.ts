import { expect, test, type Browser } from './test';
import { ADMIN, letterText, signIn, waitForLetter, type Lang } from './helpers';

// #28 STAFF: the owner invites a cashier on location 1's Staff screen; the cashier opens the link of
// the letter in the mail folder, sets a name and password and lands signed in at their location.
// #38: invited to location 2 as well, the account (now existing) only accepts by its new letter's
// link (no password asked), then signs in with its own password and has both locations.

const T = {
  ru: { card: /Сотрудники/, invite: 'Пригласить', email: 'Электронная почта', permission: 'Мультибронирование', invited: 'Приглашён',
    heading: /^Присоединиться к /, name: 'Ваше имя', password: 'Пароль', confirm: 'Повторите пароль', join: 'Присоединиться', active: 'Активен',
    existing: 'уже есть учётная запись', accept: 'Принять приглашение', joined: /^Вы присоединились к /, signIn: 'Войти', email2: 'Электронная почта' },
  en: { card: /Staff/, invite: 'Invite', email: 'E-mail', permission: 'Multi-booking', invited: 'Invited',
    heading: /^Join /, name: 'Your name', password: 'Password', confirm: 'Repeat the password', join: 'Join', active: 'Active',
    existing: 'already has an account', accept: 'Accept the invitation', joined: /^You have joined /, signIn: 'Sign in', email2: 'Email' },
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

/** The existing account's way: only "accept" (no name, no password), then the usual sign-in with its own password. */
async function acceptAsAccount(browser: Browser, link: string, lang: Lang, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const t = T[lang];
  await page.goto(new URL(link).pathname);
  if (lang === 'en') await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByText(t.existing)).toBeVisible();
  await expect(page.getByLabel(t.password)).toHaveCount(0);
  await expect(page.getByLabel(t.name)).toHaveCount(0);
  await page.getByRole('button', { name: t.accept }).click();
  await expect(page.getByTestId('invitation-joined')).toHaveText(t.joined);
  await page.getByRole('link', { name: t.signIn }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(t.email2).fill(email);
  await page.getByLabel(t.password, { exact: false }).first().fill('cashier-pass-1');
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/locations$/);
  const locations = await page.evaluate(async () => {
    const res = await fetch('/api/v2.1/locations/my/', { headers: { authorization: `Token ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { id: number }[]).map((l) => l.id);
  });
  expect(locations).toEqual([1, 2]);
  await context.close();
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: invite a cashier on the Staff screen, join by the letter's link, land signed in; invited to another location, the account only accepts`, async ({ page, browser }) => {
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
    // The permission's word, not its codename (#39).
    await expect(row).toContainText(t.permission);
    await expect(row).not.toContainText('multibooking');

    const letter = letterText(await waitForLetter(email, since));
    const link = letter.match(/https?:\/\/[^\s]+\/invitation\/[0-9a-f]+/)?.[0];
    expect(link, letter).toBeTruthy();
    await acceptInFreshBrowser(browser, link!, lang);

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t.active);

    // #38: the same e-mail, now an account, invited to location 2: a pending row with nothing of the
    // account (no name) until it accepts by the link of its own letter.
    await page.goto('/locations/2/staff');
    const since2 = Date.now() - 1000;
    await page.getByRole('button', { name: t.invite }).click();
    const dialog2 = page.getByTestId('staff-invite');
    await dialog2.getByLabel(t.email).fill(email);
    await dialog2.getByRole('button', { name: t.invite }).click();
    const row2 = page.getByRole('row').filter({ hasText: email });
    await expect(row2).toContainText(t.invited);
    await expect(row2).not.toContainText(`Cashier ${lang}`);
    const letter2 = letterText(await waitForLetter(email, since2));
    const link2 = letter2.match(/https?:\/\/[^\s]+\/invitation\/[0-9a-f]+/)?.[0];
    expect(link2, letter2).toBeTruthy();
    expect(link2).not.toBe(link);
    await acceptAsAccount(browser, link2!, lang, email);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(`Cashier ${lang}`);
  });
}
