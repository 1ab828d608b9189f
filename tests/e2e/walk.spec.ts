// The ru walk (tests/e2e/walker.ts): every screen and what it opens, in Russian, in an en-US browser.
// The en walk is its own file (walk-en.spec.ts), so the shards can run the two side by side.
import { test } from './test';
import { walk } from './walker';

// A walk over every screen and button of the app: minutes on a busy machine.
test.describe.configure({ timeout: 900_000 });

test.describe('ru in an en-US browser', () => {
  test.use({ locale: 'en-US' });
  test('ru: every screen, and what it opens, in Russian, formatted, 1280 px wide and accessible', async ({ page }) => {
    await walk(page, 'ru');
  });
});
