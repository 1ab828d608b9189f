// The month view's pure parts: which months and days it shows (the archive reaches two months
// back), the playground it remembers, and how a day's slots are grouped by price.
import { addDays } from '../../../domain/businessDay';
import { ARCHIVE_MONTHS_BACK, SELECTED_PLAYGROUND_KEY } from '../../../domain/constants';
import type { SlotBase } from '../../../domain/slot';

export const isMonth = (value: string | null | undefined): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** 'YYYY-MM' plus n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' -> 'MM.YYYY' (booking spec §9). */
export const monthLabel = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

/** The first month the view can show: today's, or with the archive two months before it. */
export const firstMonth = (today: string, archive: boolean) => addMonths(today.slice(0, 7), archive ? -ARCHIVE_MONTHS_BACK : 0);

/** The days of a month the view lists: without the archive, none before today. */
export function visibleDays(month: string, today: string, archive: boolean): string[] {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) {
    if (archive || d >= today) days.push(d);
  }
  return days;
}

export interface PriceGroup<T extends SlotBase> {
  /** 'person:<price>', 'session:<price>' or 'none'. */
  key: string;
  kind: 'person' | 'session' | 'none';
  price: string | null;
  slots: T[];
}

/** A day's slots grouped by their price, cheapest first, slots in time order (night last). */
export function groupByPrice<T extends SlotBase>(slots: readonly T[]): PriceGroup<T>[] {
  const groups = new Map<string, PriceGroup<T>>();
  for (const slot of slots) {
    const p = slot.pricing;
    const kind: PriceGroup<T>['kind'] = p?.personal_price ? 'person' : p?.session_price ? 'session' : 'none';
    const price = kind === 'person' ? p!.personal_price : kind === 'session' ? p!.session_price : null;
    const key = kind === 'none' ? 'none' : `${kind}:${price}`;
    if (!groups.has(key)) groups.set(key, { key, kind, price, slots: [] });
    groups.get(key)!.slots.push(slot);
  }
  const rank = (g: PriceGroup<T>) => (g.kind === 'none' ? Infinity : Number(g.price));
  return [...groups.values()]
    .map((g) => ({ ...g, slots: [...g.slots].sort((a, b) => a.time_start.localeCompare(b.time_start)) }))
    .sort((a, b) => rank(a) - rank(b) || a.kind.localeCompare(b.kind));
}

/** The playground the month view showed last (localStorage `selected_pg_id`), if still offered. */
export function rememberedPlayground(ids: readonly number[], storage: Pick<Storage, 'getItem'> | null): number | null {
  const stored = Number(storage?.getItem(SELECTED_PLAYGROUND_KEY));
  if (ids.includes(stored)) return stored;
  return ids[0] ?? null;
}

export type DayFullness = 'none' | 'free' | 'filling' | 'full';

/**
 * How full a day of the month grid is, from the summary's free places and capacity (the location's
 * sessions not yet begun, in its zone): no sessions left, plenty free, three quarters taken or more,
 * or nothing free. `taken` (0-1) is the bar's length.
 */
export function dayFullness(places: number, capacity: number): { level: DayFullness; taken: number } {
  if (capacity <= 0) return { level: 'none', taken: 0 };
  const taken = Math.min(1, Math.max(0, (capacity - places) / capacity));
  if (places <= 0) return { level: 'full', taken: 1 };
  return { level: taken >= 0.75 ? 'filling' : 'free', taken };
}
