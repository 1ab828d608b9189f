// Shapes of the tools page's calls (server/modules/tools and server/modules/webhooks).

/** GET /api/v2.1/locations/{id}/early_booking/: `discount` is a whole percent. */
export interface EarlyBookingCondition {
  id: number;
  days: number;
  discount: number;
}

/** `fraction`: 0 < discount < 1 of the price (0.15 is 15 %); `flat`: an amount of at least 1. */
export type PromocodeType = 'fraction' | 'flat';

/** GET /api/v2.1/locations/{id}/promocodes/ */
export interface Promocode {
  id: number;
  code: string;
  type: PromocodeType;
  discount: string;
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  /** Counted by the server when bookings use the code; an edit keeps it. */
  used_count: number;
  active: boolean;
  created: string;
}

/** GET /api/v2.1/locations/{id}/webhooks/ */
export interface Webhook {
  id: number;
  url: string;
  extra: boolean;
  active: boolean;
  /** Why the server switched it off (a 410 answer), or null. */
  disabled_reason: string | null;
  created: string;
}

/** POST /api/v2.1/locations/{id}/webhooks/ answers the secret, once. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'gone' | 'skipped';

export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  duration_ms: number | null;
  response_excerpt: string;
  error: string | null;
}

/** GET /api/v2.1/webhook/{id}/deliveries/ (paged, newest first) */
export interface Delivery {
  id: number;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  created: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  resent_from: number | null;
  log: DeliveryAttempt[];
}

export interface Page<T> {
  count: number;
  results: T[];
}
