// Every screen speaks the chosen language. The walk visits every route of the app — the location
// screens of every resource declaration (src/resources/*/index.ts, read from the source so a new
// screen is walked without touching this test) and the hand-written routes of src/App.tsx — and reads
// what a user sees. In ru it fails on an untranslated key, on a word from the English list below, and
// on a raw enum code of the domain in a table cell; in en it fails on Cyrillic in the interface's own
// texts (data such as location and playground names stays as it is).
import { expect, test, type Page } from '@playwright/test';
import {
  appRoutes, chromeText, cyrillicDataNames, englishProblems, rawEnumCells, russianProblems, settle, visibleText,
} from './languageCheck';
import { ADMIN, apiGet, signIn } from './helpers';

/** The views of a screen: itself, then each statistics dashboard's tab (a frame of its own, read once loaded). */
async function* views(page: Page): AsyncGenerator<string> {
  yield '';
  const tabs = page.locator('[data-testid^="dashboard-tab-"]');
  for (let i = 1; i < await tabs.count(); i++) {
    const id = (await tabs.nth(i).getAttribute('data-testid'))!.replace('dashboard-tab-', '');
    await tabs.nth(i).click();
    await expect(page.frameLocator(`[data-testid="dashboard-frame-${id}"]`).locator('h1')).toBeVisible();
    yield ` (dashboard ${id})`;
  }
}

test.describe.configure({ timeout: 180_000 });

test('ru: every screen in Russian — no keys, no English words, no raw codes', async ({ page }) => {
  await signIn(page, ADMIN);
  // A demo order (the oldest): the newest may be another test's, named in English on purpose.
  const orders = await apiGet<{ results: { id: number }[] }>(page, '/api/v2.1/locations/1/orders/?limit=1000');
  const schedules = await apiGet<{ id: number }[]>(page, '/api/v2.1/schedule/?location=1');
  const routes = appRoutes({ location: 1, order: Math.min(...orders.results.map((o) => o.id)), schedule: schedules[0]!.id });
  expect(routes.length).toBeGreaterThan(15);
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    for await (const view of views(page)) {
      problems.push(...russianProblems(`${route}${view}`, await visibleText(page)), ...await rawEnumCells(page, `${route}${view}`));
    }
  }
  expect(problems).toEqual([]);
});

test('en: every screen in English — no Cyrillic in the interface', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  // A demo order (the oldest): the newest may be another test's, named in English on purpose.
  const orders = await apiGet<{ results: { id: number }[] }>(page, '/api/v2.1/locations/1/orders/?limit=1000');
  const schedules = await apiGet<{ id: number }[]>(page, '/api/v2.1/schedule/?location=1');
  const routes = appRoutes({ location: 1, order: Math.min(...orders.results.map((o) => o.id)), schedule: schedules[0]!.id });
  const names = await cyrillicDataNames(page);
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    for await (const view of views(page)) {
      problems.push(...englishProblems(`${route}${view}`, await chromeText(page), names));
    }
  }
  expect(problems).toEqual([]);
});
