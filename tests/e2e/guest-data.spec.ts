// #47 A guest's data on request, as an administrator handles it, in ru and en: from a cancelled
// booking's order page, download everything held about the guest (JSON), open it as a printable
// page, then erase the guest after the question that asks for the grounds (its "Yes" waits for
// them); the page then says the data were erased and shows no name. A request recorded in the
// requests' list with the day it was received six weeks ago shows as overdue.
import fs from 'node:fs';
import { expect, test, type Page } from './test';
import { ADMIN, bookEmptySession, dateField, letterTag, moscowDate, signIn, token, typeDate, type Lang } from './helpers';

test.describe.configure({ timeout: 90_000 });

const W = {
  ru: {
    section: 'Данные гостя по запросу (152-ФЗ)', json: 'Выгрузить (JSON)', print: 'Распечатать', erase: 'Удалить данные…', question: 'Удалить персональные данные гостя?',
    reason: 'Основание', yes: 'Да', erased: 'Данные гостя удалены: 1 заказ', printed: 'Персональные данные гостя',
    record: 'Записать запрос', phone: 'Телефон', received: 'Получен', submit: 'Записать', overdue: 'Просрочен', added: /Запрос записан, ответить до \d\d\.\d\d\.\d{4}/,
  },
  en: {
    section: 'The guest\'s data on request (152-FZ)', json: 'Export (JSON)', print: 'Print', erase: 'Erase data…', question: 'Erase the guest\'s personal data?',
    reason: 'Grounds', yes: 'Yes', erased: 'Guest data erased: 1 order', printed: 'A guest\'s personal data',
    record: 'Record a request', phone: 'Phone', received: 'Received', submit: 'Record', overdue: 'Overdue', added: /Request recorded, due on \d\d\.\d\d\.\d{4}/,
  },
} as const;

/** A Russian mobile number nobody else's test uses. */
const newPhone = () => `+7998${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function cancelled(page: Page, lang: Lang, name: string, phone: string, email: string): Promise<number> {
  const { orderId } = await bookEmptySession(page, lang === 'ru' ? 72 : 73, name, { phone, email });
  const res = await page.request.delete(`/api/v2.1/booking/${orderId}/`, { headers: { Authorization: `Token ${await token(page)}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return orderId;
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: export and erase a guest from the order page`, async ({ page }) => {
    const w = W[lang];
    await signIn(page, ADMIN, lang);
    const tag = letterTag();
    const name = `Гость ${tag}`;
    const email = `guest-data-${tag}@example.com`;
    const orderId = await cancelled(page, lang, name, newPhone(), email);
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId('order-name')).toHaveText(name);
    await expect(page.getByText(w.section)).toBeVisible();
    const actions = page.getByTestId('guest-data-actions');

    const download = page.waitForEvent('download');
    await actions.getByRole('button', { name: w.json }).click();
    const file = JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8'));
    expect(file.orders.map((o: { id: number }) => o.id)).toContain(orderId);
    expect(file.names).toEqual([name]);

    const popup = page.waitForEvent('popup');
    await actions.getByRole('button', { name: w.print }).click();
    const printed = await popup;
    await expect(printed.locator('h1')).toHaveText(w.printed);
    await expect(printed.locator('body')).toContainText(name);
    await printed.close();

    await actions.getByRole('button', { name: w.erase }).click();
    const question = page.getByRole('dialog', { name: w.question });
    await expect(question.getByRole('button', { name: w.yes })).toBeDisabled();
    await question.getByRole('textbox', { name: w.reason }).fill(`Отзыв согласия ${tag}`);
    await question.getByRole('button', { name: w.yes }).click();
    await expect(page.getByText(w.erased)).toBeVisible();
    await expect(page.getByTestId('order-data-erased')).toBeVisible();
    await expect(page.getByTestId('order-name')).not.toContainText(tag);
    await expect(page.getByTestId('order-phone')).toHaveText('—');
    await expect(page.getByTestId('guest-data-actions')).toHaveCount(0);
  });

  test(`${lang}: a request received six weeks ago shows as overdue`, async ({ page }) => {
    const w = W[lang];
    await signIn(page, ADMIN, lang);
    const phone = newPhone();
    await page.goto('/locations/1/data_requests');
    await page.getByRole('button', { name: w.record }).click();
    const form = page.getByTestId('data-request-form');
    await form.getByLabel(w.phone).fill(phone);
    await typeDate(dateField(form, w.received), moscowDate(-42));
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByText(w.added)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: phone });
    await expect(row).toContainText(w.overdue);
  });
}
