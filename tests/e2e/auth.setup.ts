// The setup project (playwright.config.ts): one sign-in through the login form per role and
// language, saved as Playwright's storageState for `signIn` (helpers.ts) in every spec after it.
import fs from 'node:fs';
import { test as setup } from '@playwright/test';
import { ADMIN, AUTH_DIR, MANAGER, STAFF, signInThroughForm, stateFile } from './helpers';

for (const who of [ADMIN, MANAGER, STAFF]) {
  for (const lang of ['ru', 'en'] as const) {
    setup(`sign in as ${who.email} (${lang})`, async ({ page }) => {
      fs.mkdirSync(AUTH_DIR, { recursive: true });
      await signInThroughForm(page, who, lang);
      await page.context().storageState({ path: stateFile(who, lang) });
    });
  }
}
