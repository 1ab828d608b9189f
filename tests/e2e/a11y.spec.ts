// axe-core (WCAG 2 A and AA) on every screen of the app in ru and en (#18): no violation. The
// screens come from the app's routes (screens.ts), so a new screen is checked without editing this.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';
import { screens, watchCrashes } from './screens';

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: axe finds no WCAG 2 A/AA violation on any screen`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN, lang);
    const found: string[] = [];
    const crashes = watchCrashes(page);
    for (const s of [...screens().map((x) => x.url), '/login']) {
      if (s === '/login') await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(s);
      await page.waitForLoadState('networkidle');
      found.push(...await crashes(s));
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      for (const v of result.violations) {
        found.push(`${s}: ${v.id} (${v.nodes.length}) ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    expect(found).toEqual([]);
  });
}
