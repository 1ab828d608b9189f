// axe-core (WCAG 2 A and AA) on every screen of the app in ru and en (#18): no violation. The
// screens come from the app's routes (screens.ts), so a new screen is checked without editing this.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, bookEmptySession, signIn } from './helpers';
import { OPENED, openedUrl, screens, watchCrashes } from './screens';

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

// What the screens open over themselves (screens.ts OPENED): the booking, multi-booking, search, pay and
// registry dialogs, the profile menu, and the booking widget (a page outside the app's routes).
for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: axe finds no WCAG 2 A/AA violation in the dialogs, the menus and the widget`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN, lang);
    const { orderId } = await bookEmptySession(page, 4, 'Axe Guest');
    const found: string[] = [];
    const crashes = watchCrashes(page);
    for (const o of OPENED) {
      const url = openedUrl(o, lang, { unpaidOrder: orderId });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      if (o.open) await o.open(page, lang);
      // Past the opening transition (a half-faded text reads as low contrast).
      await page.waitForTimeout(400);
      found.push(...await crashes(`${url} ${o.name}`));
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      for (const v of result.violations) {
        found.push(`${o.name}: ${v.id} (${v.nodes.length}) ${v.nodes.slice(0, 2).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`);
      }
    }
    expect(found).toEqual([]);
  });
}
