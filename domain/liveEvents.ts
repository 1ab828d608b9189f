// The live desk's events (issue #17), shared by the server that records them and the browser that
// patches its screens with them. An event says what changed, never the data itself: the screens
// re-read it through the ordinary routes, so an event can never show a user more than those do.

/** A session an order holds or held: which playground's day must be read again. */
export interface LiveSession {
  playground_id: number;
  /** The business day, 'YYYY-MM-DD' (the day view's `date`). */
  date: string;
  /** The session's start, 'YYYY-MM-DD HH:mm' (which card to mark). */
  time_start: string;
}

export interface LiveEventPayloads {
  /** An order was created, edited, paid, cancelled or auto-cancelled (every order log entry). */
  order: { order_id: number; sessions: LiveSession[] };
  /** A payment was made, settled by the provider, failed or refunded. */
  payment: { payment_id: number; order_id: number | null };
  /** A ledger entry (the location's balance). */
  transaction: { transaction_id: number | null };
  /** Certificates were created (a batch: all of them), activated, redeemed or expired. */
  certificate: { certificate_ids: number[] };
  /** Schedules, prices, holidays or playgrounds changed: the named playgrounds' days (none named: all). */
  schedule: { playground_ids: number[] };
  /** A technical session started or stopped on a playground (the control page). */
  tech_session: { playground_id: number };
}

export type LiveEventKind = keyof LiveEventPayloads;
export const LIVE_EVENT_KINDS = ['order', 'payment', 'transaction', 'certificate', 'schedule', 'tech_session'] as const satisfies readonly LiveEventKind[];

/**
 * Who receives a kind: the same declaration as the route of the list that shows it
 * (server/platform/access.ts): money kinds only to whoever may read the money lists (role 40),
 * certificates to the `certificate` permission, technical sessions to `techsessions`.
 */
export const LIVE_EVENT_ACCESS: Record<LiveEventKind, { minRole?: number; permissions?: string[] }> = {
  order: {},
  schedule: {},
  payment: { minRole: 40 },
  transaction: { minRole: 40 },
  certificate: { permissions: ['certificate'] },
  tech_session: { permissions: ['techsessions'] },
};

export function mayReceive(kind: string, roleValue: number, permissions: ReadonlySet<string>): boolean {
  const access = LIVE_EVENT_ACCESS[kind as LiveEventKind];
  if (!access) return false;
  if (access.minRole !== undefined && roleValue < access.minRole) return false;
  return (access.permissions ?? []).every((p) => permissions.has(p));
}

/** One event as the stream sends it (`data:` of an SSE message whose `id:` is `seq`). */
export interface LiveEvent<K extends LiveEventKind = LiveEventKind> {
  seq: number;
  location_id: number;
  kind: K;
  payload: LiveEventPayloads[K];
}

/** The stream's SSE event names: `change` for an event, `reset` when the missed ones are gone (reload everything). */
/** The header of every signed-in answer that names the event log's position per location, read before the answer's data ("1:35,2:12"). */
export const LIVE_POSITION_HEADER = 'X-Live-Position';
export const LIVE_STREAM_CHANGE = 'change';
export const LIVE_STREAM_RESET = 'reset';

/**
 * A stream of several locations (GET /api/v2.1/events/) says where it is in each of them: its SSE
 * `id:` is "location:seq" pairs, e.g. "1:35,2:12", and the client resumes with the same text.
 */
export const LIVE_STREAM_MAX_LOCATIONS = 20;

export function formatStreamPosition(cursors: ReadonlyMap<number, number>): string {
  return [...cursors].sort(([a], [b]) => a - b).map(([location, seq]) => `${location}:${seq}`).join(',');
}

/** The pairs of a position; malformed parts are left out (the location then starts from now). */
export function parseStreamPosition(text: string | null | undefined): Map<number, number> {
  const cursors = new Map<number, number>();
  for (const part of (text ?? '').split(',')) {
    const m = /^(\d{1,10}):(\d{1,15})$/.exec(part.trim());
    if (m) cursors.set(Number(m[1]), Number(m[2]));
  }
  return cursors;
}
