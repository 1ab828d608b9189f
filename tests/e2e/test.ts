// Playwright's `test` for every spec, with one addition: a browser context a test opens besides its
// own page's (a second desk, a customer's phone, a manager's tab) is closed when the test ends.
// Left open, such a page stayed for the rest of its shard: a day calendar on the live stream
// refetched and drew its day again on every change the later specs made, a shard's CPU spent on
// screens nobody looked at (live.spec.ts left a dozen). tests/unit/e2eContexts.test.ts keeps every
// spec on this `test`.
import { test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ extraContextsClosed: void }>({
  extraContextsClosed: [async ({ browser, context }, use) => {
    await use();
    // The test's own context is Playwright's to close (it saves a retry's trace first).
    for (const other of browser.contexts()) if (other !== context) await other.close().catch(() => undefined);
  }, { auto: true }],
});
