// #40 The held order this browser is paying for, kept in the widget's storage: Back from the payment
// provider's page (or a closed tab) found nothing, and a second booking held the places again. The
// booking page looks it up on loading and offers to pay or release it; a new booking here sends its
// key (release_key) so the server frees the first hold in the same transaction. One per location;
// forgotten once it is paid, cancelled or past its hold. The order's secret key is the customer's own
// (the link of their letter); the e-mail is kept to say where the letter went.

export interface StoredHold {
  key: string;
  location: number;
  order_id: number;
  /** The session's start, wall clock of the location ('YYYY-MM-DD HH:mm'), and its playground's name. */
  time_start: string | null;
  playground: string | null;
  email: string;
  /** When the hold ends on this browser's clock (ms): the payment minutes from the booking. */
  expires: number;
}

const PREFIX = 'venue-widget:hold:';
/** The server's auto-cancel runs a little after the hold ends: asked a while longer. */
const GRACE_MS = 5 * 60_000;

/** localStorage, or null where the browser refuses it (storage off, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberHold(hold: StoredHold): void {
  try {
    storage()?.setItem(PREFIX + hold.location, JSON.stringify(hold));
  } catch {
    // A full or refused storage: the letter still has the link.
  }
}

/** This location's held order, unless its hold ended long ago (then it is forgotten). */
export function heldAt(location: number, now = Date.now()): StoredHold | null {
  const s = storage();
  try {
    const hold = JSON.parse(s?.getItem(PREFIX + location) ?? 'null') as StoredHold | null;
    if (!hold || typeof hold.key !== 'string' || hold.location !== location) return null;
    if (now > hold.expires + GRACE_MS) {
      s?.removeItem(PREFIX + location);
      return null;
    }
    return hold;
  } catch {
    return null;
  }
}

/** Forgets the order with this key, wherever it is kept (its own page knows only the key). */
export function forgetHold(key: string): void {
  const s = storage();
  if (!s) return;
  try {
    for (let i = s.length - 1; i >= 0; i--) {
      const name = s.key(i);
      if (name?.startsWith(PREFIX) && (JSON.parse(s.getItem(name) ?? 'null') as StoredHold | null)?.key === key) s.removeItem(name);
    }
  } catch {
    // Nothing kept, nothing to forget.
  }
}
