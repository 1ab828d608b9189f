// #29: in platform, not the widget: payment links (orders) return the customer to this page too.
// The customer's secret link to their booking: /widget/order/<order id>-<HMAC of the id>. Derived,
// not stored: any server process with WIDGET_SECRET can check it or write it into a letter, and a
// database leak reveals no link. Changing the secret voids every link given out.
import crypto from 'node:crypto';

const signature = (secret: string, orderId: number) =>
  crypto.createHmac('sha256', secret).update(`widget-order:${orderId}`).digest('hex').slice(0, 32);

export function orderKey(secret: string, orderId: number): string {
  return `${orderId}-${signature(secret, orderId)}`;
}

/** The order id a key names, or null when the key was not made with this secret. */
export function orderIdOfKey(secret: string, key: string): number | null {
  const match = /^([1-9]\d{0,15})-([0-9a-f]{32})$/.exec(key);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = signature(secret, id);
  return crypto.timingSafeEqual(Buffer.from(match[2]!), Buffer.from(expected)) ? id : null;
}

/** #44 The guests' arrival page (the same key): the link the letters carry and the QR code shows. */
export function arrivalPageUrl(publicUrl: string, secret: string, orderId: number, lang?: string): string {
  return `${publicUrl}/arrival/${orderKey(secret, orderId)}${lang ? `?lang=${lang}` : ''}`;
}

export function orderPageUrl(publicUrl: string, secret: string, orderId: number, lang?: string): string {
  return `${publicUrl}/widget/order/${orderKey(secret, orderId)}${lang ? `?lang=${lang}` : ''}`;
}
