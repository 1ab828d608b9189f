// Long text is cut with "…" and told whole in a tooltip, never widening its screen (#18). Records
// with the longest texts their fields take, unbroken (no space to wrap at), made through the API:
// a transaction's description (500), a webhook's URL (2000), a promo code (50), a customer's name
// (150). Their screens in Russian at 1280 px: no sideways scrolling, the cut text's title is the
// whole text, and the cut box stays inside its cell.
import { expect, test, type Locator, type Page } from '@playwright/test';
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
