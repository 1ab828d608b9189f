// Escape or a click outside never throws away a half-filled form (#18): an untouched form closes at
// once, a dirty one asks "discard changes?" (keep editing keeps what was typed). One guard
// (GuardedDialog) serves every dialog form: the booking, the multi-booking and a registry form.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

const TEXTS = {
  ru: { title: 'Отменить изменения?', keep: 'Продолжить ввод', discard: 'Отменить изменения', name: /Имя/, design: /Дизайн/, newBooking: 'Новая бронь', createCerts: 'Создать сертификаты' },
  en: { title: 'Discard changes?', keep: 'Keep editing', discard: 'Discard changes', name: /Name/, design: /Design/, newBooking: 'New booking', createCerts: 'Create certificates' },
} as const;

/** Escape closes the untouched form at once; typed into, Escape and a click outside ask first. */
async function checkGuard(page: Page, open: () => Promise<void>, form: Locator, fill: () => Promise<Locator>, t: (typeof TEXTS)['ru' | 'en']) {
  await open();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('discard-changes')).toHaveCount(0);

  await open();
  await expect(form.getByRole('button').last()).toBeVisible();
  const field = await fill();
  const typed = await field.inputValue();
  await page.keyboard.press('Escape');
  const ask = page.getByTestId('discard-changes');
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  await expect(ask).toBeHidden();
  await expect(field).toHaveValue(typed);
  // A click on the backdrop, beside the dialog, asks too.
  await page.mouse.click(4, 300);
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.discard }).click();
  await expect(form).toBeHidden();
}

for (const lang of ['ru', 'en'] as const) {
  const t = TEXTS[lang];
  test(`${lang}: the booking, multi-booking and certificate forms ask before discarding what was typed`, async ({ page }) => {
    // Three forms, each opened three times: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, ADMIN, lang);
    await page.goto('/locations/1/booking_admin');

    const booking = page.getByTestId('booking-form');
    await checkGuard(page, () => page.getByRole('button', { name: t.newBooking }).click(), booking, async () => {
      const name = booking.getByLabel(t.name);
      await name.fill('Half-filled customer');
      return name;
    }, t);

    const multi = page.getByTestId('multi-form');
    await checkGuard(page, () => page.getByTestId('new-multibooking').click(), multi, async () => {
      const name = multi.getByLabel(t.name);
      await name.fill('Half-filled party');
      return name;
    }, t);

    await page.goto('/locations/1/certificates');
    const create = page.getByTestId('create-certificates');
    await checkGuard(page, () => page.getByRole('button', { name: t.createCerts }).click(), create, async () => {
      const design = create.getByLabel(t.design);
      await design.fill('Gold');
      return design;
    }, t);
  });
}
