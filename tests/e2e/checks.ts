// The checks a walk (walk.spec.ts) runs on every screen it visits and on everything it opens there,
// each a function of what the page shows now that returns its problems ("<where>: <what>"). A new
// class of defect is one more entry in SCREEN_CHECKS: the walk runs it on every visit.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ungroupedNumbers } from './numberCheck';
import { chromeText, englishProblems, latinInRussianChrome, rawEnumCells, russianProblems, visibleText } from './languageCheck';

export type Lang = 'ru' | 'en';
/** What the walk is looking at: a screen as it loads, another view of it (a dashboard's tab), a declared dialog or menu (screens.ts OPENED), or what pressing one of its buttons opened. */
export type VisitKind = 'screen' | 'view' | 'opened' | 'pressed';

export interface Visit {
  page: Page;
  lang: Lang;
  kind: VisitKind;
  /** The screen's URL and what was opened on it. */
  where: string;
  /** Data names the interface may show as they are (languageCheck.dataNames): Cyrillic ones in en, Latin ones in ru. */
  names: string[];
  /** Counts the checks keep of what they saw (amounts, axe runs): the walk asserts they saw something. */
  seen: Record<string, number>;
}

export interface ScreenCheck {
  name: string;
  /** Where it runs (all kinds if unset), and in which language (both if unset). */
  kinds?: VisitKind[];
  lang?: Lang;
  run: (visit: Visit) => Promise<string[]>;
}

/**
 * What says "loading": react-admin's and MUI's indeterminate bars and spinners (not a determinate
 * bar: the day view's occupancy bars are progress bars that stay).
 */
export const LOADING = '.MuiLinearProgress-indeterminate:visible, .MuiLinearProgress-query:visible, .MuiCircularProgress-indeterminate:visible';

const count = (v: Visit, what: string, n = 1) => { v.seen[what] = (v.seen[what] ?? 0) + n; };

// ---- language -------------------------------------------------------------------------------

/** ru: no key, no English word, no raw enum code; en: no key, no Cyrillic in the interface's own texts. */
export const languageCheck: ScreenCheck = {
  name: 'language',
  run: async (v) => (v.lang === 'ru'
    ? [...russianProblems(v.where, await visibleText(v.page)), ...await latinInRussianChrome(v.page, v.where, v.names), ...await rawEnumCells(v.page, v.where)]
    : englishProblems(v.where, await chromeText(v.page), v.names)),
};

// ---- money ------------------------------------------------------------------------------------

const NUMBER = { ru: String.raw`-?\d{1,3}(?:\u00a0\d{3})*,\d{2}`, en: String.raw`-?\d{1,3}(?:,\d{3})*\.\d{2}` } as const;
/** RUB after the amount with a no-break space, USD before it without one (the demo's currencies). */
const money = (lang: Lang) => new RegExp(`^(?:${NUMBER[lang]}\u00a0₽|-?\\$${NUMBER[lang].replace('-?', '')}|—|)$`);
/** A promo code's discount may be a fraction: 12,5 % in Russian, 12.5 % in English. */
const PERCENT = { ru: /^\d+(?:,\d+)?\s%$/, en: /^\d+(?:\.\d+)?\s%$/ } as const;
/** Four or more digits and two decimals with no grouping: an amount that skipped the formatter. */
const RAW = /(?<![\d.,\u00a0])\d{4,}[.,]\d{2}(?![\d.,])/g;
/** A number written against a currency sign, whatever its marks: checked whole against the format. */
const BY_SIGN = /-?\d[\d\u00a0 .,]*\d\s?₽|-?\$\s?\d[\d\u00a0 .,]*\d/g;
const MONEY_CELLS = ['cost', 'paid', 'purchase', 'discount', 'amount', 'rate', 'remaining_rate', 'total'].map((c) => `td.column-${c}`).join(', ');

/** What the page and its frames show. */
export async function pageText(page: Page): Promise<string> {
  // A frame may go while it is read (a dashboard reloads it): it has nothing to show then.
  const frames = await Promise.all(page.frames().filter((f) => f !== page.mainFrame())
    .map((f) => f.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
  return [await page.evaluate(() => document.body.innerText), ...frames].join('\n');
}

/**
 * Every amount through the one money formatter (#18): none raw (18000.00, 18000,00), every amount
 * beside its currency sign as the currency says in the language's marks (RUB "18 000,00 ₽", USD
 * "$18,000.00"), every money column's cell a whole formatted amount.
 */
export const moneyCheck: ScreenCheck = {
  name: 'money',
  run: async (v) => {
    const format = money(v.lang);
    const problems: string[] = [];
    const text = await pageText(v.page);
    for (const m of text.matchAll(RAW)) problems.push(`${v.where}: raw amount "${m[0]}"`);
    for (const m of text.matchAll(BY_SIGN)) {
      count(v, 'amounts');
      const value = m[0].trim();
      if (!format.test(value)) problems.push(`${v.where}: "${value}" is not written as ${v.lang} money`);
    }
    for (const cell of await v.page.locator(MONEY_CELLS).allInnerTexts()) {
      count(v, 'amounts');
      if (!format.test(cell.trim()) && !PERCENT[v.lang].test(cell.trim())) problems.push(`${v.where}: money cell "${cell.trim()}"`);
    }
    return problems;
  },
};

// ---- dates ------------------------------------------------------------------------------------

/**
 * Dates through the one date formatter: none as the API sends it (2026-11-26) or as a browser's
 * locale writes it (11/26/2026), and no native date or time input (those follow the browser, never
 * the app's DD.MM.YYYY and HH:mm).
 */
export const datesCheck: ScreenCheck = {
  name: 'dates',
  run: async (v) => {
    const problems: string[] = [];
    const text = (await visibleText(v.page)).replace(/\bhttps?:\/\/\S+/g, '');
    for (const m of text.matchAll(/(?<![\w/.-])(\d{4}-\d{2}-\d{2}(?:T[\d:]+)?|\d{1,2}\/\d{1,2}\/\d{2,4})(?![\w/-])/g)) {
      problems.push(`${v.where}: date "${m[1]}" not through the date formatter`);
    }
    for (const p of await nativeDateInputs(v.page)) problems.push(`${v.where}: ${p}`);
    return problems;
  },
};

/**
 * Native date and time inputs on the page and in its frames (the statistics pages): they follow the
 * browser's locale (11/23/2026, 02:00 PM in an en-US browser), never the app's DD.MM.YYYY and HH:mm.
 */
export async function nativeDateInputs(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const frame of page.frames()) {
    // A frame that went while it was read has no inputs.
    const found = await frame.evaluate(() => Array.from(document.querySelectorAll<HTMLInputElement>('input'))
      .filter((i) => ['date', 'datetime-local', 'time', 'month', 'week'].includes(i.type))
      .map((i) => `native input[type=${i.type}] ${i.name || i.id || i.getAttribute('aria-label') || ''}`)).catch(() => [] as string[]);
    out.push(...found);
  }
  return out;
}

// ---- widths -----------------------------------------------------------------------------------

/** The page fits its window (1280 px in the walk), its buttons are named, on screen and apart. */
export const widthsCheck: ScreenCheck = {
  name: 'widths',
  kinds: ['screen', 'view', 'opened'],
  run: async (v) => (await widthProblems(v.page)).map((p) => `${v.where}: ${p}`),
};

/** What does not fit: the page's overflow, buttons past the window's edge, and visible buttons without a name. */
export async function widthProblems(page: Page): Promise<string[]> {
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
      // A sortable column's header (its sort label is a button) scrolls with its table, as its cells do.
      const rowAction = !!cell && cell === cell.parentElement?.lastElementChild && !b.closest('.fc') && !b.closest('thead');
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


// ---- accessibility ----------------------------------------------------------------------------

/**
 * axe-core, WCAG 2 A and AA (#18): the screen's structure and contrast, which do not change with
 * the language, so in one language (ru); the other keeps the language checks.
 */
export const axeCheck: ScreenCheck = {
  name: 'axe',
  kinds: ['screen', 'opened'],
  lang: 'ru',
  run: async (v) => {
    count(v, 'axe');
    const result = await new AxeBuilder({ page: v.page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations.map((x) => `${v.where}: ${x.id} (${x.nodes.length}) ${x.nodes.slice(0, 2)
      .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`);
  },
};

/** Every per-screen check of the walk (the crash check is the walk's own: it watches the page throughout). */
// ---- numbers (#25) ----------------------------------------------------------------------------

/** Every amount or count of four digits or more grouped as the formatter writes it, in text and inputs (numberCheck.ts). */
export const numbersCheck: ScreenCheck = { name: 'numbers', run: (v) => ungroupedNumbers(v.page, v.where) };

export const SCREEN_CHECKS: ScreenCheck[] = [languageCheck, moneyCheck, numbersCheck, datesCheck, widthsCheck, axeCheck];

export const checksFor = (kind: VisitKind, lang: Lang, checks = SCREEN_CHECKS) =>
  checks.filter((c) => (!c.kinds || c.kinds.includes(kind)) && (!c.lang || c.lang === lang));
