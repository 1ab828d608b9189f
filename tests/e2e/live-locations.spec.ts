import { expect, test, type Page } from './test';
import { ADMIN, apiGet, signIn, token } from './helpers';

// The live desk on screens that span locations (issue #17): the transactions of two locations and the
// control page follow the changes of every location they show, not only the one the user works at
// (one stream per tab for all of them).

test.describe.configure({ timeout: 60_000 });

/** Well under the control page's own 60 s refresh: only the event stream brings it this fast. */
const LIVE_MS = 8000;

const mark = (page: Page) => page.evaluate(() => { (window as unknown as { liveMarker: number }).liveMarker = 1; });
const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);

async function post(page: Page, path: string, data: unknown, status: number): Promise<void> {
  const res = await page.request.post(path, { headers: { Authorization: `Token ${await token(page)}` }, data });
  expect(res.status(), await res.text()).toBe(status);
}

test('the transactions of two locations show a ledger entry of the other location without a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  const filter = encodeURIComponent(JSON.stringify({ location: [1, 2] }));
  await page.goto(`/locations/1/transactions?filter=${filter}`);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await mark(page);
  const description = `live ${Date.now()}`;
  // Made elsewhere (another desk, the API) at location 2, not the location in the address.
  await post(page, '/api/v2.1/transactions/create_transaction/', { type: 'refill', amount: '7.00', location: 2, description }, 201);
  await expect(page.locator('tbody tr').filter({ hasText: description })).toBeVisible({ timeout: LIVE_MS });
  await notReloaded(page);
});

test('the control page shows a technical session started at a location other than the one the user works at, without a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  interface Pg { id: number; tech_control: boolean }
  const locations = await apiGet<{ id: number; playgrounds: Pg[] }[]>(page, '/api/v2.1/locations/my/');
  // The demo's playgrounds under technical control are at location 1; the user last worked at location 2.
  const target = locations.find((l) => l.id === 1)!.playgrounds.find((p) => p.tech_control)!;
  await page.goto('/locations/2/booking_admin');
  await expect(page.getByTestId('day-calendar')).toBeVisible();
  await page.goto('/control');
  const access = page.locator(`[data-testid="control-playground"][data-playground-id="${target.id}"]`).getByTestId('tech-access');
  await expect(access).not.toHaveAttribute('data-open', 'true');
  await mark(page);
  await post(page, `/api/v2.2/playgrounds/${target.id}/tech_sessions/`, { minutes: 15 }, 201);
  try {
    await expect(access).toHaveAttribute('data-open', 'true', { timeout: LIVE_MS });
    await notReloaded(page);
  } finally {
    const res = await page.request.delete(`/api/v2.2/playgrounds/${target.id}/tech_sessions/`, { headers: { Authorization: `Token ${await token(page)}` } });
    expect(res.status()).toBe(204);
  }
});
