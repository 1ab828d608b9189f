// The longest text each stored field takes (#18), shared by the server's schemas and the client's
// inputs (maxLength). Every column is PostgreSQL `text` (no varchar in server/db/schema.ts), so the
// limits are ours: long enough for real data, short enough to show. Beyond its field's limit a value
// is refused with 400 on the field; no text of any request may exceed TEXT_MAX (the validator's
// safety net, server/platform/validation.ts), so a schema without a limit stores nothing longer.
export const TEXT_LIMITS = {
  /** A customer's or user's name. */
  personName: 150,
  /** +, digits, spaces, brackets and dashes (PHONE_PATTERN). */
  phone: 20,
  /** RFC 5321's longest address. */
  email: 254,
  promocode: 50,
  /** A seller's e-mail or code. */
  seller: 64,
  /** An order's comment. */
  orderComment: 2000,
  /** A payment's or technical session's comment, a transaction's description. */
  shortComment: 500,
  externalId: 100,
  /** #38: a card refund's terminal reference. */
  cardRefundReference: 64,
  /** #38: why cash goes back for another tender's money (at least 3 characters). */
  refundReason: 500,
  certificateNumber: 15,
  /** Group and schedule names. */
  itemName: 100,
  locationName: 200,
  /** Address, distance, opening times. */
  locationLine: 500,
  /** Payment and parking descriptions. */
  locationText: 2000,
  locationDescription: 5000,
  url: 2000,
  /** A transaction dispute's text (multipart, so outside the zod walk: checked by its route). */
  disputeText: 2000,
  /** A transaction's document number or technical session reference. */
  transactionRef: 64,
  /** #40 A location's privacy policy link. */
  privacyPolicyUrl: 500,
  // #42 A location's letters' sender name (the From display name).
  senderName: 64,
  /** #40 A location's personal-data consent text (152-FZ: operator, purposes, data, actions, term, withdrawal). */
  consentText: 20000,
} as const;

/** No text of any request is longer (the longest field above: #40's consent text). */
export const TEXT_MAX = 20000;
