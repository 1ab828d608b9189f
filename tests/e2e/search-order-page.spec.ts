// #39 The desk's search and the order page, in ru and en from one table of texts (each language on
// days of its own): the search finds an order by a phone typed with spaces, brackets and an 8, and by
// the guest's name in another case with е for ё, and an invalid query empties the results; the order
// page moves its order with the booking form, opens it in the calendar on its card, names its seller
// by name and cancels it with the refund by tender; the multi-booking's disabled save names the fields.
import { expect, test } from './test';
import { ADMIN, apiGet, bookEmptySession, letterTag, signIn, token, type Slot } from './helpers';

test.describe.configure({ timeout: 90_000 });

const T = {
  ru: {
    days: { search: 61, order: 63 }, search: 'Поиск', field: 'Телефон или имя', found1: 'Найден 1 заказ', phoneRule: 'Только цифры, в начале может быть плюс',
    move: 'Перенести', moveTitle: /^Перенос заказа №\d+: другая дата, площадка или время$/, time: /Время/, save: 'Сохранить', edit: 'Изменить',
    seller: 'Продавец', manager: /^Михаил Менеджер/, managerName: 'Михаил Менеджер', openCalendar: 'Открыть в календаре', cancel: 'Отменить заказ', yes: 'Да',
    cancelled: 'Отменён', cash: /^Наличными: 100,00\s₽$/,
    multi: 'Мультибронь', missing: 'Заполните: Гостей, Стоимость, Сеансы, Имя, Телефон, Электронная почта',
    missingAfterName: 'Заполните: Гостей, Стоимость, Сеансы, Телефон, Электронная почта', name: 'Имя',
  },
  en: {
    days: { search: 62, order: 64 }, search: 'Search', field: 'Phone or name', found1: '1 order found', phoneRule: 'Digits only, with an optional leading plus',
    move: 'Move', moveTitle: /^Move order №\d+: another date, playground or time$/, time: /Time/, save: 'Save', edit: 'Edit',
    seller: 'Seller', manager: /^Михаил Менеджер/, managerName: 'Михаил Менеджер', openCalendar: 'Open in the calendar', cancel: 'Cancel order', yes: 'Yes',
    cancelled: 'Cancelled', cash: /^In cash: (₽100\.00|100\.00\s₽)$/,
    multi: 'Multi-booking', missing: 'Fill in: Guests, Cost, Sessions, Name, Phone, Email',
    missingAfterName: 'Fill in: Guests, Cost, Sessions, Phone, Email', name: 'Name',
  },
} as const;

/** A subscriber number of its own per run: the search must find this order and no other. */
const digits = () => String(Date.now()).slice(-7);

interface Order { status: number; session_time: string | null; seller_user_id: number | null; playsessions: { session_dt: string }[] }

for (const lang of ['ru', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: the search finds an order by a phone typed with spaces and an 8, and by its name in another case with е for ё; an invalid query empties the results`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const tag = letterTag();
    const number = digits();
    const { date, orderId } = await bookEmptySession(page, t.days.search, `Фёдор Ёлкин${tag}`, { phone: `+7916${number}` });
    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByRole('button', { name: t.search, exact: true }).click();
    const dialog = page.getByTestId('search-dialog');
    const field = dialog.getByRole('textbox', { name: t.field });
    const row = dialog.getByTestId('search-results').locator(`tr[data-order-id="${orderId}"]`);

    // As a customer dictates it: 8, brackets, spaces and dashes.
    await field.fill(`8 (916) ${number.slice(0, 3)}-${number.slice(3, 5)}-${number.slice(5)}`);
    await expect(row).toBeVisible();
    await expect(dialog.getByTestId('search-count')).toHaveText(t.found1);
    // Text that is no phone and no name: the old results do not stay under it.
    await field.fill('7+916');
    await expect(dialog.getByText(t.phoneRule)).toBeVisible();
    await expect(dialog.getByTestId('search-results')).toHaveCount(0);
    await expect(dialog.getByTestId('search-count')).toHaveCount(0);
    // The name, in capitals and with е for ё.
    await field.fill(`ФЕДОР ЕЛКИН${tag.toUpperCase()}`);
    await expect(row).toBeVisible();
    await expect(dialog.getByTestId('search-count')).toHaveText(t.found1);
  });

  test(`${lang}: the order page moves its order, names its seller by name, opens it in the calendar on its card and cancels it with the refund by tender`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const { date, slot, orderId } = await bookEmptySession(page, t.days.order, 'Order Page Guest');
    const order = () => apiGet<Order>(page, `/api/v2.2/orders/${orderId}/`);
    const paid = await page.request.post(`/api/v2.1/booking/${orderId}/pay/`, { headers: { Authorization: `Token ${await token(page)}` }, data: { payment_type: 2, purchase: '100' } });
    expect(paid.status(), await paid.text()).toBe(201);
    const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
    const other = slots.find((s) => s.orders.length === 0 && !s.archived && s.time_start.slice(0, 10) === date && s.begin > slot.begin && s.begin < '23:00')!;

    // Move: the booking form on its session, another time.
    await page.goto(`/orders/${orderId}`);
    await page.getByRole('button', { name: t.move, exact: true }).click();
    const form = page.getByTestId('booking-form');
    await expect(form.getByRole('heading')).toHaveText(t.moveTitle);
    await form.getByRole('combobox', { name: t.time }).click();
    await page.getByRole('option', { name: new RegExp(`^${other.begin}`) }).click();
    await form.getByTestId('booking-save').click();
    await expect(form).toHaveCount(0);
    await expect.poll(async () => (await order()).playsessions[0]?.session_dt).toBe(other.time_start);
    await expect(page.getByTestId('order-sessions')).toContainText(other.begin);

    // The seller, chosen by name (no UUID to type).
    await page.getByRole('button', { name: t.edit, exact: true }).click();
    await form.getByRole('combobox', { name: t.seller }).click();
    await page.getByRole('option', { name: t.manager }).click();
    await form.getByTestId('booking-save').click();
    await expect(form).toHaveCount(0);
    await expect.poll(async () => (await order()).seller_user_id).not.toBeNull();
    await expect(page.getByText(t.managerName)).toBeVisible();

    // "Open in the calendar": the day view with the order's card open.
    await page.getByRole('link', { name: t.openCalendar }).click();
    await expect(page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`booking_admin\\?date=${date}$`));

    // Cancel: the desk's question, with what goes back tender by tender.
    await page.goto(`/orders/${orderId}`);
    await page.getByRole('button', { name: t.cancel, exact: true }).click();
    const question = page.getByRole('dialog').filter({ has: page.getByTestId('cancel-refund') });
    await expect(question.getByTestId('refund-tender-cash')).toHaveText(t.cash);
    await question.getByRole('button', { name: t.yes }).click();
    await expect.poll(async () => (await order()).status).toBe(4);
    await expect(page.getByTestId('order-status')).toHaveText(t.cancelled);
    await expect(page.getByRole('button', { name: t.move, exact: true })).toHaveCount(0);
  });

  test(`${lang}: the multi-booking's disabled save names the fields to fill, as the single form does`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await page.goto('/locations/1/booking_admin');
    await page.getByTestId('new-multibooking').click();
    const form = page.getByTestId('multi-form');
    await expect(form.getByTestId('multi-save')).toBeDisabled();
    await expect(form.getByTestId('multi-form-hint')).toHaveText(t.missing);
    // A press on the disabled save marks them red.
    await form.getByTestId('multi-save-wrap').dispatchEvent('pointerdown');
    await expect(form.getByRole('textbox', { name: t.name, exact: true })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: t.name, exact: true }).fill('Multi Guest');
    await expect(form.getByTestId('multi-form-hint')).toHaveText(t.missingAfterName);
  });
}

test('ru: the order page draws its times on the location\'s clock only: before the location has answered, no time in the browser\'s zone', async ({ page }) => {
  await signIn(page, ADMIN, 'ru');
  const { orderId } = await bookEmptySession(page, 65, 'Clock Guest');
  const [entry] = await apiGet<{ created: string }[]>(page, `/api/v2.1/booking/${orderId}/comments/`);
  const at = (zone: string) => new Intl.DateTimeFormat('ru-RU', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(entry!.created));
  // The location's answer is held back: the order and its log arrive first, as on a slow network.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/api\/v2\.1\/locations\/1\/$/, async (route) => { await held; await route.continue(); });
  const logCall = page.waitForResponse((r) => r.url().includes(`/booking/${orderId}/comments/`));
  await page.goto(`/orders/${orderId}`);
  await logCall;
  await expect(page.getByTestId('order-log')).toHaveCount(0);
  release();
  const created = page.getByTestId('order-log').locator('tbody tr').first().locator('td').first();
  await expect(created).toContainText(at('Europe/Moscow'));
  // The browser's zone is UTC here: Moscow is three hours ahead, so the two never read alike.
  expect(at('Europe/Moscow')).not.toBe(at('UTC'));
});
