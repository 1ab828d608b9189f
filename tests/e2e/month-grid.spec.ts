// The month grid on a phone (issue #18): at 390 px a day is about 50 px wide. Each day's status
// stays inside its own cell (it ran into the next day: "своб. 317своб. 472"), the grid fits the
// screen, every open day is a button named with its date and status, and a tap opens the day below.
import { expect, test } from './test';
import { ADMIN, moscowDate, shownDate, signIn } from './helpers';

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: at 390 px each day of the month grid keeps its status inside its cell; a tap opens the day`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN, lang);
    const today = moscowDate(0);
    await page.goto('/locations/1/multibooking_admin');
    const grid = page.getByTestId('month-grid');
    const statuses = grid.getByTestId('grid-day-status');
    await expect(statuses.first()).toBeVisible();
    const spill = await grid.evaluate((g) => {
      const out: string[] = [];
      const box = g.getBoundingClientRect();
      if (box.right > window.innerWidth + 0.5) out.push(`the grid ends at ${Math.round(box.right)} px`);
      for (const el of Array.from(g.querySelectorAll<HTMLElement>('[data-testid="grid-day-status"]'))) {
        const cell = el.closest('td')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        if (r.left < cell.left - 0.5 || r.right > cell.right + 0.5 || el.scrollWidth > el.clientWidth + 1) {
          out.push(`${el.closest('[data-date]')?.getAttribute('data-date')}: "${el.textContent}" leaves its cell`);
        }
      }
      return out;
    });
    expect(spill).toEqual([]);
    // Every open day is a button whose name says its date and how full it is.
    const day = grid.locator(`[data-testid="grid-day"][data-date="${today}"]`);
    await expect(day).toHaveRole('button');
    await expect(day).toHaveAccessibleName(new RegExp(shownDate(today).replace(/\./g, '\\.')));
    const row = page.locator(`[data-testid="month-day"][data-date="${today}"]`).getByRole('button').first();
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'false');
    await day.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(row).toBeInViewport();
  });
}
