// Certificates: open from the locations list, create one (rate, type, design, quantity checks),
// activate it (a server seller error marks the field; the letter goes out), send it again (a second
// letter), spend it on an order from the booking calendar and see it used; filters, search and CSV;
// in ru and en.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { ADMIN, apiGet, bookEmptySession, lackPermissionAt, letterText, signIn, waitForLetter } from './helpers';

test.setTimeout(120_000);

/** Letters to `to` in the server's mail folder. */
function lettersTo(to: string): string[] {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(to)) : [];
}

/** An order of one guest at location 1, on a day-time session nobody booked, `days` ahead. */

test('ru: create, activate with the letter, send again, spend on an order, filters and CSV', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.locator('tbody tr').filter({ hasText: 'VR Арена Москва' }).getByRole('link', { name: 'Сертификаты', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/1\/certificates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сертификаты: VR Арена Москва' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // Create one: the design and quantity limits first.
  await page.getByRole('button', { name: 'Создать сертификаты' }).click();
  const create = page.getByTestId('create-certificates');
  await expect(create.getByRole('combobox', { name: /Тип/ })).toHaveText('Электронный');
  // The design is required (a cleared one is asked for) and at most 15 characters; so is the rate:
  // without one, Создать stays disabled.
  await create.getByLabel(/Дизайн/).fill('x');
  await create.getByLabel(/Дизайн/).fill('');
  await expect(create.getByText('Обязательное поле')).toBeVisible();
  await create.getByLabel(/Дизайн/).fill('x'.repeat(16));
  await expect(create.getByText('Не более 15 символов')).toBeVisible();
  await create.getByLabel(/Дизайн/).fill('classic');
  await expect(create.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await create.getByRole('combobox', { name: /Номинал/ }).click();
  await page.getByRole('option', { name: '1\u00a0000,00\u00a0₽', exact: true }).click();
  await expect(create.getByRole('button', { name: 'Создать' })).toBeEnabled();
  await expect(create.getByLabel(/Количество/)).toHaveValue('1');
  await create.getByLabel(/Количество/).fill('101');
  await expect(create.getByText('Значение больше 100')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await create.getByLabel(/Количество/).fill('1');
  await create.getByRole('button', { name: 'Создать' }).click();
  const createdAlert = page.getByText(/Создан 1 сертификат: [0-9A-F]{12}/);
  await expect(createdAlert).toBeVisible();
  const number = (await createdAlert.textContent())!.match(/[0-9A-F]{12}/)![0];

  // The search box takes at most 15 characters (a certificate code's limit).
  const search = page.getByRole('searchbox', { name: 'Номер сертификата' });
  await expect(search).toHaveAttribute('maxlength', '15');
  await search.pressSequentially('ABCDEF0123456789');
  await expect(search).toHaveValue('ABCDEF012345678');
  // Typed slowly, so the list applies each filter while typing goes on: no character is lost.
  await search.fill('');
  await search.pressSequentially('ABC123', { delay: 550 });
  await expect(search).toHaveValue('ABC123');
  await search.fill('');
  // Search by part of the number: just the new one, not paid, with Activate.
  await page.getByRole('searchbox', { name: 'Номер сертификата' }).fill(number.slice(0, 8));
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td.column-unique_number')).toHaveText(number);
  await expect(rows.first().locator('td.column-status')).toHaveText('Не оплачен');
  await expect(rows.first().locator('td.column-rate')).toHaveText('1\u00a0000,00\u00a0₽');

  // Activate: the seller is chosen among the location's staff by name (#25: it asked for a UUID),
  // the user by default; a seller the server refuses is marked by its error; a bad phone by ours.
  await rows.first().getByRole('button', { name: `Активировать сертификат ${number}` }).click();
  const activate = page.getByTestId('activate-certificate');
  const seller = activate.getByRole('combobox', { name: /Продавец/ });
  // The admin's name as it is now (profile.spec renames the admin).
  const me = await apiGet<{ name: string }>(page, '/api/v2.1/users/am/');
  await expect(seller).toHaveText(`${me.name} (admin@example.com)`);
  await seller.click();
  // Location 1's staff: the administrator, the manager and the cashier; nobody else.
  await expect(page.getByRole('option')).toHaveText([
    `${me.name} (admin@example.com)`, 'Михаил Менеджер (manager@example.com)', 'Светлана Кассир (staff@example.com)',
  ]);
  await page.getByRole('option', { name: /Михаил Менеджер/ }).click();
  await expect(seller).toHaveText('Михаил Менеджер (manager@example.com)');
  const email = `cert-${Date.now()}@example.com`;
  // Each field is required (a cleared name is asked for); the phone and the email are checked here.
  await activate.getByLabel(/Имя покупателя/).fill('x');
  await activate.getByLabel(/Имя покупателя/).fill('');
  await expect(activate.getByText('Обязательное поле')).toBeVisible();
  await expect(activate.getByRole('button', { name: 'Активировать' })).toBeDisabled();
  await activate.getByLabel(/Телефон/).fill('8 999 abc');
  await expect(activate.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await activate.getByLabel(/Электронная почта/).fill('cert@example');
  await expect(activate.getByText('Введите корректный email')).toBeVisible();
  await activate.getByLabel(/Электронная почта/).fill(email);
  // The form refuses what the server would, at once: a 151-character name (the limit's message) and
  // a 22-character phone (validationPhone, the one message of a too-long phone, #18).
  await activate.getByLabel(/Имя покупателя/).fill('О'.repeat(151));
  await expect(activate.getByText('Слишком длинное значение (не более 150 символов)')).toBeVisible();
  await expect(activate.getByLabel(/Имя покупателя/)).toHaveAttribute('aria-invalid', 'true');
  await activate.getByLabel(/Телефон/).fill(`+7${'9'.repeat(20)}`);
  await expect(activate.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await expect(activate.getByLabel(/Телефон/)).toHaveAttribute('aria-invalid', 'true');
  await expect(activate.getByRole('button', { name: 'Активировать' })).toBeDisabled();
  // A server's flag on the phone marks the phone with the screen's message (the spec's rule; the
  // server and the form share the phone check, so the flag is given here by the route).
  await activate.getByLabel(/Имя покупателя/).fill('Ольга Сертификатова');
  await activate.getByLabel(/Телефон/).fill('+79991234567');
  await expect(activate.getByText('Только цифры, в начале может быть плюс')).toHaveCount(0);
  await page.route('**/api/v2.2/certificate/*/activate/', (route) => route.fulfill({
    status: 400, contentType: 'application/json', body: JSON.stringify({ phone: ['Введите правильный номер телефона.'] }),
  }), { times: 1 });
  await activate.getByRole('button', { name: 'Активировать' }).click();
  await expect(activate.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await expect(activate.getByLabel(/Телефон/)).toHaveAttribute('aria-invalid', 'true');
  await activate.getByLabel(/Телефон/).fill('+79991234568');
  await expect(activate.getByText('Только цифры, в начале может быть плюс')).toHaveCount(0);
  // A seller the server refuses (gone from the staff meanwhile): its flag marks the seller's field.
  await page.route('**/api/v2.2/certificate/*/activate/', (route) => route.fulfill({
    status: 400, contentType: 'application/json', body: JSON.stringify({ seller: ['not found'] }),
  }), { times: 1 });
  await activate.getByRole('button', { name: 'Активировать' }).click();
  await expect(activate.getByText('Продавец не найден')).toBeVisible();
  await expect(seller).toHaveAttribute('aria-invalid', 'true');
  await seller.click();
  await page.getByRole('option', { name: new RegExp(`^${me.name} `) }).click();
  const since = Date.now() - 1000;
  await activate.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Письмо с сертификатом отправлено.')).toBeVisible();
  await expect(rows.first().locator('td.column-status')).toHaveText('Активен');
  await expect(rows.first().locator('td.column-booked_by')).toHaveText('Ольга Сертификатова');
  // The seller by name, the e-mail on hover (#39).
  await expect(rows.first().locator('td.column-seller_user_name')).toHaveText(me.name);
  await expect(rows.first().locator('td.column-seller_user_name [data-testid="person"]')).toHaveAttribute('title', ADMIN.email);
  expect(letterText(await waitForLetter(email, since))).toContain(number);

  // Send it again: a second letter.
  await rows.first().getByRole('button', { name: `Отправить сертификат ${number} повторно` }).click();
  await expect(page.getByText('Письмо с сертификатом отправлено.')).toBeVisible();
  await expect.poll(() => lettersTo(email).length, { timeout: 15_000 }).toBe(2);

  // Spend it on an order from the booking calendar: the whole 1 000, so it is used up.
  const { date, slot } = await bookEmptySession(page, 21);
  await page.goto(`/locations/1/booking_admin?date=${date}`);
  await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
  await page.getByTestId('slot-orders').getByRole('button', { name: 'Оплатить' }).click();
  const pay = page.getByTestId('pay-dialog');
  await pay.getByRole('combobox', { name: /Способ оплаты/ }).click();
  await page.getByRole('option', { name: 'Сертификат', exact: true }).click();
  await pay.getByLabel(/Номер сертификата/).fill(number);
  // #38 Its amount fills in as its balance; the rest of the debt is left owed ("later"), not taken now.
  await expect(pay.getByLabel(/Сумма/)).toHaveValue('1\u00a0000,00');
  await pay.getByRole('button', { name: 'Позже' }).click();
  await pay.getByRole('button', { name: 'Принять оплату' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('slot-orders')).toContainText(/оплачено 1\s000,00\s₽/);

  await page.goto('/locations/1/certificates');
  await page.getByRole('searchbox', { name: 'Номер сертификата' }).fill(number);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td.column-status')).toHaveText('Использован');
  await expect(rows.first().locator('td.column-remaining_rate')).toHaveText('0,00 ₽');
  await expect(rows.first().getByTestId('location_certificates-chip')).toHaveText('использован');
  await expect(rows.first().getByRole('button')).toHaveCount(0);

  // Status filter and the CSV of the filtered list.
  await page.getByRole('searchbox', { name: 'Номер сертификата' }).fill('');
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Истёк' }).click();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const statuses = await rows.locator('td.column-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Истёк']));
  }).toPass();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^certificates_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
  // Each person by name, the spec's e-mail column beside it (#39).
  expect(lines[0]).toBe('Номер,Номинал,Остаток,Тип,Дизайн,Статус,Создал,E-mail создавшего,Создан,Продавец,E-mail продавца,Активирован,Покупатель,Действует до');
  expect(lines.length - 1).toBe(await rows.count());
  // The export writes a code's label (domain/enumLabels), as the screen does.
  expect(lines.slice(1).every((l) => l.includes(',Истёк,'))).toBe(true);
});

test('en: the certificates screen speaks English; users without the permission see why', async ({ page, browser }) => {
  await signIn(page, ADMIN, 'en', '/locations/1/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates: VR Arena Moscow' })).toBeVisible();
  await expect(page.locator('thead')).toContainText('Remaining');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option')).toHaveText(['Not paid', 'Active', 'Expired', 'Used']);
  await page.getByRole('option', { name: 'Active' }).click();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const statuses = await page.locator('tbody tr td.column-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Active']));
  }).toPass();
  await expect(page.locator('tbody tr').first().getByRole('button', { name: /Send certificate [0-9A-F]{12} again/ })).toBeVisible();
  await page.getByRole('button', { name: 'Create certificates' }).click();
  const create = page.getByTestId('create-certificates');
  await create.getByRole('combobox', { name: /Type/ }).click();
  await expect(page.getByRole('option')).toHaveText(['Digital', 'Physical']);
  await page.keyboard.press('Escape');
  await create.getByLabel(/Quantity/).fill('0');
  await expect(create.getByText('The value is below 1')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('searchbox', { name: 'Certificate number' }).fill('NOSUCH');
  await expect(page.getByText('Certificates not found')).toBeVisible();

  // Sessions whose permissions at the location lack certificate.create, then certificate.activate
  // (#28: a screen follows what the user holds at its location, as /locations/{id}/ says): the screen
  // drops the Create button, then the Activate and Send buttons.
  const lack = await lackPermissionAt(page, 1);
  const withPermissions = async (lacking: string) => {
    lack(lacking);
    // The list's address without the search above (a reload would keep it: the URL carries the filter).
    await page.goto('/locations/1/certificates');
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates: VR Arena Moscow' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
  };
  const rowActions = page.getByRole('button', { name: /^(Activate certificate|Send certificate) [0-9A-F]{12}/ });
  await withPermissions('certificate.create');
  await expect(rowActions.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create certificates' })).toHaveCount(0);
  await withPermissions('certificate.activate');
  await expect(page.getByRole('button', { name: 'Create certificates' })).toBeVisible();
  await expect(rowActions).toHaveCount(0);

  // The staff member has no certificate permission: no link, and the address explains it.
  const other = await browser.newPage();
  await signIn(other, { email: 'staff@example.com', password: 'staff123' }, 'en');
  await expect(other.getByRole('link', { name: 'Certificates' })).toHaveCount(0);
  await other.goto('/locations/1/certificates');
  await expect(other.getByTestId('access-denied')).toHaveText('Certificates are available to users with the certificates permission.');
  await other.close();
});
