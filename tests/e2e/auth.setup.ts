// The setup project (playwright.config.ts): one sign-in through the login form per role and
// language, saved as Playwright's storageState for `signIn` (helpers.ts) in every spec after it.
import { test as setup } from './test';
import { ADMIN, MANAGER, STAFF, saveSignedInState } from './helpers';

for (const who of [ADMIN, MANAGER, STAFF]) {
  for (const lang of ['ru', 'en'] as const) {
    setup(`sign in as ${who.email} (${lang})`, async ({ browser, baseURL }) => {
      await saveSignedInState(browser, who, lang, baseURL);
    });
  }
}
