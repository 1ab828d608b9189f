// #40 A likely typo in an e-mail's domain (anna@gmial.com): the widget offers the address with the
// provider it most likely meant ("Имели в виду anna@gmail.com?"), fixed in one tap. A suggestion
// only: the customer's address is never changed without their tap, and a domain that is a real
// provider of its own (mail.com beside gmail.com, yandex.com beside yandex.ru) is never "corrected".

/** The providers customers of Russian and international venues mostly use, most used first (a tie goes to the first). */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com', 'mail.ru', 'yandex.ru', 'ya.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru',
  'icloud.com', 'outlook.com', 'hotmail.com', 'yahoo.com',
] as const;

/** Real domains a letter or two away from one above: taken as typed. */
const REAL_NEIGHBOURS = new Set([
  'mail.com', 'email.com', 'gmail.ru', 'ymail.com', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.com',
  'list.com', 'inbox.com', 'inbox.lv', 'me.com', 'mac.com', 'live.com', 'live.ru', 'msn.com', 'aol.com', 'gmx.com', 'gmx.de',
  'hotmail.ru', 'hotmail.co.uk', 'outlook.ru', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'rambler.ua', 'icloud.ru', 'bk.com',
]);

/** Edits between two texts, a swap of neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The address with the provider it was most likely meant for, or null when the domain is one of
 * them, a real neighbour, or no provider is close (two edits at most; one for the short ones, ya.ru
 * and bk.ru, where two edits make another word). The part before @ is kept as typed.
 */
export function suggestEmail(address: string): string | null {
  const value = address.trim();
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if ((COMMON_EMAIL_DOMAINS as readonly string[]).includes(domain) || REAL_NEIGHBOURS.has(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const known of COMMON_EMAIL_DOMAINS) {
    const distance = editDistance(domain, known);
    const allowed = known.length <= 6 ? 1 : 2;
    if (distance <= allowed && (!best || distance < best.distance)) best = { domain: known, distance };
  }
  return best ? `${local}@${best.domain}` : null;
}
