// Every screen of the app, derived from its routes (not a hand list): the `route` and `screens`
// paths of each declaration in src/resources/*/index.ts(x) and the <Route path> entries of
// src/App.tsx. A new screen is covered by the width and accessibility runs without editing them.
// Placeholders are filled with demo data of location 1 (order 845, schedule 1, payment 1).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';

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

/** The screens that must also work on a phone (390 px): the day view, the order page, transactions, the delivery log, the month view (the widget is outside the routes). */
export const PHONE_SCREENS = ['/locations/:location_id/booking_admin', '/orders/:order_id', '/locations/:location_id/transactions', '/locations/:location_id/webhook_deliveries',
  // The month view with the multi-booking form (its screenshot at 390 px is asked for by #18).
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

/**
 * What a screen opens on top of itself: dialogs and menus (#18 follow-up: the walks above checked each
 * screen as it loads, never the booking form or a registry dialog over it), and the booking widget,
 * which is a page of its own outside the app's routes. `open` clicks as a user does and returns what
 * opened; `url` may be a function of the walk's data (an unpaid order, made by the walk).
 */
export interface Opened {
  name: string;
  url: string | ((data: { unpaidOrder: number }) => string);
  open?: (page: Page, lang: 'ru' | 'en') => Promise<Locator>;
}

const L = (lang: 'ru' | 'en', ru: string, en: string) => (lang === 'ru' ? ru : en);
const dialogAfter = async (page: Page, click: () => Promise<void>) => {
  await click();
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  return dialog;
};

export const OPENED: Opened[] = [
  { name: 'the booking dialog', url: '/locations/1/booking_admin',
    open: (page, lang) => dialogAfter(page, () => page.getByRole('button', { name: L(lang, 'Новая бронь', 'New booking'), exact: true }).click()) },
  { name: 'the search dialog', url: '/locations/1/booking_admin',
    open: (page, lang) => dialogAfter(page, () => page.getByRole('button', { name: L(lang, 'Поиск', 'Search'), exact: true }).click()) },
  { name: 'the multi-booking dialog', url: '/locations/1/multibooking_admin',
    open: (page) => dialogAfter(page, () => page.getByTestId('new-multibooking').click()) },
  { name: 'the order page\'s pay dialog', url: ({ unpaidOrder }) => `/orders/${unpaidOrder}`,
    open: (page) => dialogAfter(page, () => page.getByTestId('order-pay').click()) },
  { name: 'a registry create dialog (certificates)', url: '/locations/1/certificates',
    open: (page, lang) => dialogAfter(page, () => page.getByRole('button', { name: L(lang, 'Создать сертификаты', 'Create certificates'), exact: true }).click()) },
  { name: 'a registry create dialog (promo codes)', url: '/locations/1/tools?tab=promocodes',
    open: (page, lang) => dialogAfter(page, () => page.getByRole('button', { name: L(lang, 'Добавить промокод', 'Add promo code'), exact: true }).click()) },
  { name: 'a registry edit dialog (promo codes)', url: '/locations/1/tools?tab=promocodes',
    open: (page, lang) => dialogAfter(page, () => page.getByRole('button', { name: new RegExp(`^${L(lang, 'Изменить', 'Edit')}`) }).first().click()) },
  { name: 'the profile menu', url: '/locations/1/booking_admin',
    open: async (page, lang) => {
      await page.getByRole('button', { name: L(lang, 'Меню профиля', 'Profile menu') }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      return menu;
    } },
  { name: 'the booking widget', url: '/widget/?location=1' },
];

/** The URL of an opened state, the widget in the walk's language. */
export function openedUrl(o: Opened, lang: 'ru' | 'en', data: { unpaidOrder: number }): string {
  const url = typeof o.url === 'function' ? o.url(data) : o.url;
  return url.startsWith('/widget/') ? `${url}&lang=${lang}` : url;
}
