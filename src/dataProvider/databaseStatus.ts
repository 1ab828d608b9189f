// #48 Whether the server can reach its database, as the screens learn it: an answer 503 with
// Retry-After (the server's "database unavailable", platform/errors.ts) marks it down from then on;
// any answer below 500 marks it up again. While it is down nothing else may be asked (the screens keep
// what they have and change nothing), so /readyz is asked every few seconds to learn it is back.
import { useSyncExternalStore } from 'react';

/** How often /readyz is asked while the database is down. */
const PROBE_MS = 3000;

let downSince: number | null = null;
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | null = null;

function set(next: number | null) {
  if (next === downSince) return;
  downSince = next;
  if (downSince !== null && !probe) probe = setInterval(() => { void fetch('/readyz').then((r) => { if (r.ok) set(null); }, () => undefined); }, PROBE_MS);
  if (downSince === null && probe) {
    clearInterval(probe);
    probe = null;
  }
  for (const l of listeners) l();
}

/** Every answer of the API passes here (http.ts). */
export function noteAnswer(status: number, retryAfter: string | null) {
  if (status === 503 && retryAfter) set(downSince ?? Date.now());
  else if (status > 0 && status < 500) set(null);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Since when the database is unreachable (ms since the epoch), or null while it answers. */
export const useDatabaseDown = (): number | null => useSyncExternalStore(subscribe, () => downSince);
