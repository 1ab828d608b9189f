// Constants of location management, tools and technical sessions (location-management spec §5, §9),
// for the server's schemas and the screens alike.

/** Early booking: days and discount are required, at least 1 each. */
export const EARLY_BOOKING_MIN = 1;
/** Early-booking discount is a percent. */
export const EARLY_BOOKING_MAX_DISCOUNT = 100;
/** Technical session: minutes required, at least 1. */
export const TECH_SESSION_MIN_MINUTES = 1;
/** The translation fields of a location, every one required for each of its languages. */
export const LOCATION_TRANSLATION_FIELDS = [
  'name', 'address', 'distance', 'opening_times', 'payment_description', 'parking_description', 'description',
] as const;
/** Webhook events the server delivers. */
export const WEBHOOK_EVENTS = [
  'order.created', 'order.changed', 'order.paid', 'order.cancelled', 'payment.created', 'payment.settled', 'payment.failed',
  'certificate.activated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Gallery pictures: at most this many bytes each. */
export const GALLERY_MAX_BYTES = 10 * 1024 * 1024;
