import { expect, test } from './test';
import { ADMIN, signIn } from './helpers';

// The Content-Security-Policy (scripts only from our origin, no inline script) holds on every
// kind of page: a violation on any of them fails here instead of breaking a screen silently.

test('no screen of the staff app or the widget breaks the content security policy', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await signIn(page, ADMIN);
  const csp = (await page.request.get('/locations')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  // The page is asked for each time; the chunks it names (their names carry their content's hash)
  // are kept by the browser without asking again (#28: a page load re-asked every chunk).
  const index = await page.request.get('/locations');
  expect(index.headers()['cache-control'] ?? '').not.toContain('immutable');
  const chunk = (await index.text()).match(/\/assets\/[^"']+\.js/)![0];
  expect((await page.request.get(chunk)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const screens: [string, string][] = [
    ['/locations/1/booking_admin', 'day-calendar'],
    ['/locations/1/multibooking_admin', 'month-admin'],
    ['/locations/1/schedules_and_playgrounds', ''],
    ['/locations/1/location_management', 'location-management'],
    ['/locations/1/statistic', 'statistic-page'],
    ['/locations/1/transactions', ''],
    ['/locations/1/tools', ''],
    ['/iframe', ''],
    ['/widget/?location=1', ''],
  ];
  for (const [path, testId] of screens) {
    await page.goto(path);
    if (testId) await expect(page.getByTestId(testId)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
