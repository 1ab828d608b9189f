// Business constants of both specs, named once.
export const DEFAULT_LANGUAGE = 'ru' as const;
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Alerts close by themselves after this long (spec: alert 8000 ms). */
export const ALERT_TIMEOUT_MS = 8000;
/** The scroll-to-top button appears after scrolling past this many pixels. */
export const SCROLL_TOP_THRESHOLD_PX = 20;
/** Search by phone waits this long after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Page sizes of transactions, sessions, orders, certificates and search. */
export const PAGE_SIZES = [10, 15, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Payments list: 20 per page with 10, 20, 30 and all. */
export const PAYMENTS_PAGE_SIZES = [10, 20, 30] as const;
export const PAYMENTS_DEFAULT_PAGE_SIZE = 20;
export const PAYMENT_POLL_MS = 5000;
export const CONTROL_REFRESH_MS = 60000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const DATE_FORMAT = 'DD.MM.YYYY';
/** The month view's archive reaches this many months back (booking spec §9). */
export const ARCHIVE_MONTHS_BACK = 2;
/** Multi-booking: a payment link's default minutes before an unpaid order is cancelled (booking spec §9). */
export const MULTI_CANCEL_DELAY_DEFAULT = 25;
/** Where the month view keeps the chosen playground (booking spec §2). */
export const SELECTED_PLAYGROUND_KEY = 'selected_pg_id';
