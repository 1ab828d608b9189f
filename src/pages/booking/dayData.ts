// What the day view reads and under which cache keys: a module of its own, light enough for the
// app's first script, which starts these reads when the day view is opened by its address
// (./preload.ts). The hooks that read them are in ./api.ts.
import { isDate } from '../../../domain/businessDay';
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import { api } from '../../dataProvider/http';
import type { LocationDetail } from '../../resources/locations/types';
import type { Slot } from '../../calendar/types';

/** #39 A search's terms; #44 `location_id`: one location's orders (the booking form's no-shows of a phone). */
export type SearchTerms = ({ phone: string } | { name: string }) & { location_id?: number };

export const bookingKeys = {
  schedules: ['booking', 'schedule'] as const,
  schedule: (playgroundId: number, date: string) => ['booking', 'schedule', playgroundId, date] as const,
  games: (playgroundId: number) => ['booking', 'games', playgroundId] as const,
  orders: ['orders'] as const,
  order: (id: string | number) => ['orders', 'detail', String(id)] as const,
  comments: (id: string | number) => ['orders', 'comments', String(id)] as const,
  search: (terms: SearchTerms | null, limit: number, offset: number) => ['orders', 'search', terms, limit, offset] as const,
  user: (id: number) => ['users', 'detail', id] as const,
  // Not under ['orders']: a payment's refresh must not re-read it while the pay dialog is open (#38).
  certificateBalance: (orderId: number, code: string) => ['booking', 'certificate', orderId, code.toUpperCase()] as const,
};

export const fetchSchedule = (playgroundId: number, date: string) =>
  api<Slot[]>(`/api/v2.1/playgrounds/${playgroundId}/schedule/`, { query: { date, orders: 1 } });

/**
 * How long an answer counts as fresh when a screen mounts on it: the preload (./preload.ts) reads
 * the day just before the page mounts, and a re-read then would double every call. Later changes
 * arrive as events (src/live), which invalidate the entries whatever their age.
 */
export const JUST_READ_MS = 5_000;

/** The playgrounds the day view shows: the bookable ones of the location. */
export const dayViewPlaygrounds = (location: LocationDetail | undefined) => (location?.playgrounds ?? [])
  .filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)));

/** The day the day view shows: its address's `date`, else the location's business today. */
export const dayViewDate = (dateParam: string | null, today: string) => (dateParam && isDate(dateParam) ? dateParam : today);
