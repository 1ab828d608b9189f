// Every screen fits its window (#18): at 1280 px no screen scrolls sideways (a table may scroll
// inside its card, the page may not) and every visible button has an accessible name; the day
// view, the order page, transactions, the delivery log and the widget also at 390 px. The screens
// come from the app's routes (screens.ts).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, bookEmptySession, dateField, signIn, typeDate } from './helpers';
import { OPENED, PHONE_SCREENS, openedUrl, screens, watchCrashes } from './screens';

/** What does not fit: the page's overflow, buttons past the window's edge, and visible buttons without a name. */
async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`page is ${doc.scrollWidth} px wide in ${window.innerWidth} px`);
    // An open dialog or menu fits the window and does not scroll sideways inside (its fields would hide).
    for (const d of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="menu"]')) {
      const r = d.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > window.innerWidth + 1 || r.left < -1) out.push(`${d.getAttribute('role')} at ${Math.round(r.left)}-${Math.round(r.right)} px in ${window.innerWidth} px`);
      for (const box of [d, ...d.querySelectorAll<HTMLElement>('.MuiDialogContent-root')]) {
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
          out.push(`${d.getAttribute('role')} scrolls sideways: ${box.scrollWidth} px in ${box.clientWidth} px`);
        }
      }
    }
    for (const b of document.querySelectorAll<HTMLElement>('button, [role="button"], a[href]')) {
      const r = b.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(b).visibility === 'hidden') continue;
      if (b.closest('[aria-hidden="true"]')) continue;
      const labelledBy = b.getAttribute('aria-labelledby');
      const name = (b.getAttribute('aria-label') ?? '') || (labelledBy ? document.getElementById(labelledBy)?.textContent ?? '' : '')
        || b.textContent || b.getAttribute('title') || b.querySelector('img')?.getAttribute('alt') || '';
      if (!name.trim()) out.push(`unnamed ${b.tagName.toLowerCase()} ${b.outerHTML.slice(0, 120)}`);
      // A button must be where the user sees it without scrolling sideways: inside the window, and a
      // table row's actions (its last cell) inside the visible part of the box the table scrolls in.
      // Strips that scroll on purpose (the occupancy bar, FullCalendar's columns) are left to the user's scrolling.
      const cell = b.closest('td, th');
      const rowAction = !!cell && cell === cell.parentElement?.lastElementChild && !b.closest('.fc');
      let visible = { left: 0, right: window.innerWidth };
      for (let p = b.parentElement; p && rowAction; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if ((ox === 'auto' || ox === 'scroll' || ox === 'hidden') && p.scrollWidth > p.clientWidth) {
          const box = p.getBoundingClientRect();
          visible = { left: Math.max(visible.left, box.left), right: Math.min(visible.right, box.left + p.clientWidth) };
        }
      }
      let inScroller = false;
      for (let p = b.parentElement; p && !inScroller && !rowAction; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        inScroller = (ox === 'auto' || ox === 'scroll') && p.scrollWidth > p.clientWidth;
      }
      if (!inScroller && (r.right > visible.right + 1 || r.left < visible.left - 1)) {
        out.push(`off screen ${b.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" at ${Math.round(r.left)}-${Math.round(r.right)} px, visible ${Math.round(visible.left)}-${Math.round(visible.right)}`);
      }
    }
    // Buttons never squeeze into each other: no two overlap and none holds more text than its box
    // (at 390 px the multi-booking form's Cancel and Book ran together as "ОТМЕНАЗАБРОНИРОВАТЬ").
    // Strips that scroll on purpose and FullCalendar's events (overlapping sessions) are left out.
    // A button's part the user can see: its box cut by every ancestor that clips (a dialog's content
    // scrolls its session buttons under the action bar; those parts are not on screen).
    const seen = (b: HTMLElement) => {
      const r = b.getBoundingClientRect();
      let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      for (let p = b.parentElement; p; p = p.parentElement) {
        const cs = getComputedStyle(p);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const c = p.getBoundingClientRect();
        box = { left: Math.max(box.left, c.left), right: Math.min(box.right, c.right), top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom) };
      }
      return box;
    };
    const shown = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')].filter((b) => {
      const r = b.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(b).visibility === 'hidden' || b.closest('[aria-hidden="true"], .fc')) return false;
      const v = seen(b);
      return v.right - v.left > 2 && v.bottom - v.top > 2;
    });
    const label = (b: HTMLElement) => (b.getAttribute('aria-label') || b.textContent || '').trim().slice(0, 30);
    for (const b of shown) {
      if (b.scrollWidth > b.clientWidth + 2 && getComputedStyle(b).textOverflow !== 'ellipsis') out.push(`button "${label(b)}" holds ${b.scrollWidth} px of text in ${b.clientWidth} px`);
    }
    for (let i = 0; i < shown.length; i++) {
      const a = seen(shown[i]!);
      for (let j = i + 1; j < shown.length; j++) {
        if (shown[i]!.contains(shown[j]!) || shown[j]!.contains(shown[i]!)) continue;
        const b = seen(shown[j]!);
        const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (dx > 2 && dy > 2) out.push(`buttons "${label(shown[i]!)}" and "${label(shown[j]!)}" overlap`);
      }
    }
    return out;
  });
}

/**
 * Native date and time inputs on the page and in its frames (the statistics pages): they follow the
 * browser's locale (11/23/2026, 02:00 PM in an en-US browser), never the app's DD.MM.YYYY and HH:mm.
 */
async function nativeDateInputs(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const frame of page.frames()) {
    const found = await frame.evaluate(() => Array.from(document.querySelectorAll<HTMLInputElement>('input'))
      .filter((i) => ['date', 'datetime-local', 'time', 'month', 'week'].includes(i.type))
      .map((i) => `native input[type=${i.type}] ${i.name || i.id || i.getAttribute('aria-label') || ''}`)).catch(() => [] as string[]);
    out.push(...found);
  }
  return out;
}

async function settle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiCircularProgress-root, [role="progressbar"]').first()).toBeHidden({ timeout: 10_000 }).catch(() => undefined);
}

// In Russian with a browser set to en-US: every date and time input is the app's own (DD.MM.YYYY,
// HH:mm), none a native one that would follow the browser.
test.describe('in an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('every screen fits 1280 px, names its buttons and has no native date or time input', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, ADMIN);
    const bad: string[] = [];
    const crashes = watchCrashes(page);
    for (const s of screens()) {
      await settle(page, s.url);
      bad.push(...await crashes(s.url));
      for (const p of await widthProblems(page)) bad.push(`${s.url}: ${p}`);
      for (const p of await nativeDateInputs(page)) bad.push(`${s.url}: ${p}`);
    }
    expect(bad).toEqual([]);
  });

  test('the transaction form takes its date as DD.MM.YYYY and its time as HH:mm', async ({ page }) => {
    await signIn(page, ADMIN);
    await settle(page, '/locations/1/transactions');
    await page.getByRole('button', { name: 'Добавить транзакцию' }).click();
    const add = page.getByTestId('add-transaction');
    const time = add.getByLabel('Время', { exact: true });
    await expect(time).toBeVisible();
    expect(await nativeDateInputs(page)).toEqual([]);
    await typeDate(dateField(add, 'Дата и время'), '2026-03-07');
    const day = add.locator('.MuiPickersTextField-root').filter({ has: page.locator('label', { hasText: /^Дата и время/ }) }).locator('input');
    await expect(day).toHaveValue('07.03.2026');
    await time.fill('1405');
    await time.blur();
    await expect(time).toHaveValue('14:05');
    await time.fill('25:00');
    await time.blur();
    await expect(add.getByText('Введите дату ДД.ММ.ГГГГ и время ЧЧ:ММ')).toBeVisible();
  });
});

test('the certificates list fits 1440 px in Russian, its buttons on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await settle(page, '/locations/1/certificates');
  expect(await widthProblems(page)).toEqual([]);
  const create = page.getByRole('button', { name: 'Создать сертификаты' });
  const box = (await create.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
});

test('the day view, month view, order page, transactions, delivery log and widget work at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ADMIN);
  const bad: string[] = [];
  const urls = [...screens().filter((s) => PHONE_SCREENS.includes(s.route)).map((s) => s.url), '/widget/?location=1&lang=ru'];
  expect(urls.length).toBe(PHONE_SCREENS.length + 1);
  const crashes = watchCrashes(page);
  for (const url of urls) {
    await settle(page, url);
    bad.push(...await crashes(url));
    for (const p of await widthProblems(page)) bad.push(`${url}: ${p}`);
  }
  expect(bad).toEqual([]);
});

// What the screens open (screens.ts OPENED: the booking, multi-booking, search, pay and registry
// dialogs, the profile menu, the widget) fits 1280 px; the ones a cashier uses on a phone fit 390 px.
const PHONE_OPENED = ['the booking dialog', 'the multi-booking dialog', 'the search dialog', 'the order page\'s pay dialog', 'the booking widget'];
for (const width of [1280, 390]) {
  test(`the dialogs, menus and widget fit ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, ADMIN);
    const { orderId } = await bookEmptySession(page, 5, 'Width Guest');
    const bad: string[] = [];
    const crashes = watchCrashes(page);
    for (const o of OPENED.filter((x) => width > 390 || PHONE_OPENED.includes(x.name))) {
      await settle(page, openedUrl(o, 'ru', { unpaidOrder: orderId }));
      if (o.open) await o.open(page, 'ru');
      await page.waitForTimeout(400);
      bad.push(...await crashes(o.name));
      for (const p of await widthProblems(page)) bad.push(`${o.name}: ${p}`);
    }
    expect(bad).toEqual([]);
  });
}
