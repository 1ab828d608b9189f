// Every screen of the app, derived from its routes (not a hand list): the `route` and `screens`
// paths of each declaration in src/resources/*/index.ts(x) and the <Route path> entries of
// src/App.tsx. A new screen is covered by the width and accessibility runs without editing them.
// Placeholders are filled with demo data of location 1 (order 845, schedule 1, payment 1).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILL: Record<string, string> = { location_id: '1', order_id: '845', schedule_id: '1', payment_id: '1' };
/** Screens not of a signed-in admin: the reset link needs a fresh key. */
const SKIP = new Set(['/password_reset/:hash']);

function declaredPaths(): string[] {
  const dir = path.join(ROOT, 'src/resources');
  const out: string[] = [];
  for (const folder of fs.readdirSync(dir)) {
    const file = ['index.ts', 'index.tsx'].map((f) => path.join(dir, folder, f)).find((f) => fs.existsSync(f));
    if (!file) continue;
    const text = fs.readFileSync(file, 'utf8');
    const route = text.match(/route:\s*\{\s*scope:\s*'(location|global)',\s*path:\s*'([^']+)'/);
    if (!route) continue;
    const scoped = (p: string) => (route[1] === 'global' ? `/${p}` : `/locations/:location_id/${p}`);
    out.push(scoped(route[2]!));
    for (const m of text.matchAll(/(?:create|edit):\s*\{\s*path:\s*'([^']+)'/g)) out.push(scoped(m[1]!));
  }
  return out;
}

function appPaths(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'src/App.tsx'), 'utf8');
  return [...text.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!);
}

export interface Screen { route: string; url: string }

export function screens(): Screen[] {
  const routes = [...new Set([...appPaths(), ...declaredPaths()])].filter((r) => !SKIP.has(r));
  return routes.map((route) => ({ route, url: route.replace(/:(\w+)/g, (_, name: string) => FILL[name] ?? '1') }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The screens that must also work on a phone (390 px): the day view, the order page, the widget. */
export const PHONE_SCREENS = ['/locations/:location_id/booking_admin', '/orders/:order_id', '/locations/:location_id/transactions', '/locations/:location_id/webhook_deliveries',
  // The month view with its month grid (#18).
  '/locations/:location_id/multibooking_admin'];

/**
 * Problems a screen shows instead of itself: react-admin's error page (a component that threw) or
 * an uncaught error on the page. A walk over every screen (widths, axe) must fail on them, else a
 * crashed screen passes as one that fits and has nothing to check.
 */
export function watchCrashes(page: Page): (url: string) => Promise<string[]> {
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  return async (url) => {
    const out = uncaught.splice(0).map((m) => `${url}: uncaught ${m.slice(0, 160)}`);
    const crashed = page.getByText(/^(Что-то пошло не так|Something went wrong)$/);
    if (await crashed.count()) out.push(`${url}: the error page instead of the screen`);
    return out;
  };
}
