// Shapes of the webhook calls (server/modules/webhooks).

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
