// Long text is cut with "…" and told whole in a tooltip, never widening its screen (#18). Records
// with the longest texts their fields take, unbroken (no space to wrap at), made through the API:
// a transaction's description (500), a webhook's URL (2000), a promo code (50), a customer's name
// (150). Their screens in Russian at 1280 px: no sideways scrolling, the cut text's title is the
// whole text, and the cut box stays inside its cell.
import { expect, test, type Locator, type Page } from './test';
import { ADMIN, bookEmptySession, signIn, token } from './helpers';

test.describe.configure({ timeout: 90_000 });

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { headers: { Authorization: `Token ${await token(page)}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

async function fitsWindow(page: Page) {
  await page.waitForLoadState('networkidle');
  const { width, inner } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
}

/** The element showing `text` cut: its title is the whole text, it is cut (narrower than its text) and inside the window. */
async function cutWithTooltip(element: Locator, text: string) {
  await expect(element).toBeVisible();
  await expect(element).toHaveAttribute('title', text);
  const box = await element.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right, cut: getComputedStyle(el).textOverflow }));
  expect(box.scroll, 'the text is cut').toBeGreaterThan(box.client);
  expect(box.cut).toBe('ellipsis');
  expect(box.client).toBeLessThan(600);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
});

test('a 500-character description in the transactions list is cut with its whole text in the tooltip', async ({ page }) => {
  const description = `Д${'лин'.repeat(166)}ОЕ`.slice(0, 500);
  await post(page, '/api/v2.1/transactions/create_transaction/', { type: 'refill', amount: '1', location: 1, description });
  await page.goto('/locations/1/transactions');
  await cutWithTooltip(page.locator(`td.column-description [title="${description}"]`), description);
  await fitsWindow(page);
});

test('a 2000-character webhook URL and a 50-character promo code are cut with their whole text in the tooltip', async ({ page }) => {
  const url = `http://127.0.0.1:9/${'x'.repeat(1980)}`;
  await post(page, '/api/v2.1/locations/1/webhooks/', { url, extra: false });
  await page.goto('/locations/1/tools?tab=webhooks');
  await cutWithTooltip(page.locator('td.column-url [data-truncated]').filter({ hasText: url.slice(0, 40) }).first(), url);
  await fitsWindow(page);

  const code = `ДЛИННЫЙ${Date.now()}${'Ж'.repeat(50)}`.slice(0, 50);
  await post(page, '/api/v2.1/locations/1/promocodes/', { code, type: 'fraction', discount: '0.10' });
  await page.goto('/locations/1/tools?tab=promocodes');
  const cell = page.locator(`td.column-code [title="${code}"]`);
  await expect(cell).toBeVisible();
  await expect(cell).toHaveText(code);
  await fitsWindow(page);
});

test('a 150-character customer name: the slot card cuts it with the whole name in the tooltip; the order page wraps it', async ({ page }) => {
  const name = `Ж${'ю'.repeat(148)}Я`;
  const { date, orderId } = await bookEmptySession(page, 9, name);
  await page.goto(`/locations/1/booking_admin?date=${date}`);
  const card = page.locator(`[data-testid="slot-order"][data-order-id="${orderId}"]`);
  await card.scrollIntoViewIfNeeded();
  await cutWithTooltip(card.locator('.SlotCard-name'), `№${orderId} ${name}`);
  await fitsWindow(page);

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await fitsWindow(page);
  // Nothing of the order page's text reaches past the window (a long word wraps in its box).
  const past = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('main *'))
    .filter((el) => el.children.length === 0 && el.getBoundingClientRect().right > window.innerWidth + 1).length);
  expect(past).toBe(0);
});

/**
 * The class on one screen or dialog: no text reaches past the window or its dialog, and a text cut
 * by its box (hidden overflow) carries its whole text in a title, on itself or an ancestor. Returns
 * the offenders, each with where it is.
 */
async function hiddenOrOverflowing(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate((where) => {
    const out: string[] = [];
    const inner = window.innerWidth;
    const roots = Array.from(document.querySelectorAll<HTMLElement>('main, [role="dialog"], [role="presentation"] .MuiPaper-root'));
    for (const root of roots) {
      const paper = root.closest<HTMLElement>('.MuiDialog-paper');
      if (paper && paper.scrollWidth > paper.clientWidth + 1) out.push(`${where}: the dialog "${paper.textContent?.slice(0, 40)}" scrolls sideways`);
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        const text = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
        if (text.length < 20) continue;
        const rect = el.getBoundingClientRect();
        if (!rect.width) continue;
        const label = `${where}: "${text.slice(0, 30)}…" <${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}">`;
        // A strip that scrolls sideways on purpose (#39: the calendar's columns at 390 px) holds text past
        // the window that the user scrolls to, as widthProblems (checks.ts) leaves such strips alone.
        let scrolled = false;
        for (let p = el.parentElement; p && p !== root && !scrolled; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          scrolled = (ox === 'auto' || ox === 'scroll') && p.scrollWidth > p.clientWidth;
        }
        if (rect.right > inner + 1 && !scrolled) out.push(`${label} reaches past the window (${Math.round(rect.right)} > ${inner})`);
        if (paper && rect.right > paper.getBoundingClientRect().right + 1) out.push(`${label} reaches past its dialog`);
        const style = getComputedStyle(el);
        const cut = el.scrollWidth > el.clientWidth + 1 && ['hidden', 'clip'].includes(style.overflowX);
        if (cut && !(el.closest('[title]')?.getAttribute('title') ?? '').includes(text.slice(0, 20))) out.push(`${label} is cut without its whole text in a title`);
      }
    }
    return out;
  }, where);
}

test('the longest texts each field takes, unbroken, wrap or are cut with a tooltip on every screen and dialog showing them', async ({ page }) => {
  test.setTimeout(180_000);
  // A customer name (150), a comment (2000), a group name (100), a promo code (50): no spaces to wrap at.
  const name = `Ш${'ирокоеимя'.repeat(17)}`.slice(0, 150);
  const comment = `К${'омментарий'.repeat(200)}`.slice(0, 2000);
  const groupName = `Г${'руппа'.repeat(20)}`.slice(0, 100);
  const phone = `+7999${String(Date.now()).slice(-7)}`;
  const { date, orderId } = await bookEmptySession(page, 10, name, { comment, phone });
  await post(page, '/api/v2.1/locations/1/groups/', { name: groupName });

  const problems: string[] = [];
  const visit = async (url: string, ready: Locator) => {
    await page.goto(url);
    await expect(ready.first()).toBeVisible();
    problems.push(...await hiddenOrOverflowing(page, url));
  };
  await visit(`/locations/1/booking_admin?date=${date}`, page.locator(`[data-testid="slot-order"][data-order-id="${orderId}"]`));
  // The slot's orders dialog: the name and the 2000-character comment inside the dialog.
  await page.locator('[data-testid="slot-card"]').filter({ has: page.locator(`[data-order-id="${orderId}"]`) }).click();
  await expect(page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  problems.push(...await hiddenOrOverflowing(page, 'slot orders dialog'));
  await page.keyboard.press('Escape');
  await visit(`/orders/${orderId}`, page.getByText(name));
  await visit('/locations/1/orders', page.locator('table'));
  await visit(`/locations/1/multibooking_admin?date=${date}`, page.locator('main'));
  await visit('/locations/1/schedules_and_playgrounds', page.getByText(groupName.slice(0, 20)));

  // The group's rename and delete dialogs name it in their texts.
  for (const action of ['Переименовать группу', 'Удалить группу']) {
    await page.getByRole('button', { name: `${action} ${groupName}` }).click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    problems.push(...await hiddenOrOverflowing(page, `${action} dialog`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // The search dialog, with the order found by its phone.
  await page.goto(`/locations/1/booking_admin?date=${date}`);
  await page.getByRole('button', { name: 'Поиск' }).click();
  const search = page.getByTestId('search-dialog');
  await search.getByRole('textbox', { name: 'Телефон' }).fill(phone);
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(search.getByText(name.slice(0, 10)).first()).toBeVisible();
  problems.push(...await hiddenOrOverflowing(page, 'search dialog'));
  await page.keyboard.press('Escape');

  // The booking form opened on the order: its title and fields hold the long texts inside the dialog.
  await page.goto(`/orders/${orderId}`);
  const editButton = page.getByRole('button', { name: /^Изменить/ }).first();
  if (await editButton.count()) {
    await editButton.click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    problems.push(...await hiddenOrOverflowing(page, 'booking form of the order'));
  }
  // On a phone (390 px): the day view's slot dialog and the order page, the screens the desk uses there.
  await page.setViewportSize({ width: 390, height: 800 });
  await visit(`/orders/${orderId}`, page.getByText(name));
  await page.goto(`/locations/1/booking_admin?date=${date}`);
  await page.locator('[data-testid="slot-card"]').filter({ has: page.locator(`[data-order-id="${orderId}"]`) }).click();
  await expect(page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  problems.push(...await hiddenOrOverflowing(page, 'slot orders dialog at 390 px'));
  expect(problems).toEqual([]);
});
