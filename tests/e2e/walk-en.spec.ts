// The en walk (tests/e2e/walker.ts): every screen and what it opens, in English. Its own file beside
// walk.spec.ts (ru), so the shards can run the two side by side.
import { test } from './test';
import { walk } from './walker';

// A walk over every screen and button of the app: minutes on a busy machine.
test.describe.configure({ timeout: 900_000 });

test('en: every screen, and what it opens, in English, formatted and 1280 px wide', async ({ page }) => {
  await walk(page, 'en');
});
