// Builders of schedule documents as the editor sends them, shared by the schedule and slot tests.

export interface PricingInput {
  start: string;
  session_price?: string | null;
  personal_price?: string | null;
  prepayment: number | string;
  currency_id?: number | null;
}

export interface ItemInput {
  begin: string;
  end: string;
  duration: number;
  overlap?: number;
  day_types: number[];
  breaks?: { start: string; duration: number; date?: string | null }[];
  pricing: PricingInput[];
}

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const WEEKEND = [6, 7];

/** One item with a single per-session price row from its begin. */
export function item(over: Partial<ItemInput> = {}): ItemInput {
  return {
    begin: '10:00', end: '22:00', duration: 60, overlap: 0, day_types: [...WEEKDAYS, ...WEEKEND], breaks: [],
    pricing: [{ start: over.begin ?? '10:00', session_price: '1000', prepayment: 0.5 }],
    ...over,
  };
}

export function scheduleBody(location: number, group: number, over: Record<string, unknown> = {}) {
  return {
    name: 'Test schedule', start_dt: '2030-01-01', disabled: false, playground_group: group, location,
    breaks: [] as unknown[],
    items: [item()] as unknown[],
    ...over,
  };
}

/** The pricing row as the server stores and answers it (defaults filled in, id by position). */
export function storedPricing(row: PricingInput, id: number) {
  return {
    id,
    start: row.start,
    currency_id: row.currency_id ?? null,
    session_price: row.session_price ?? null,
    personal_price: row.personal_price ?? null,
    prepayment: String(row.prepayment),
  };
}

/** The item as the server stores and answers it. */
export function storedItem(it: ItemInput, id: number) {
  return {
    id,
    begin: it.begin,
    end: it.end,
    duration: it.duration,
    overlap: it.overlap ?? 0,
    day_types: it.day_types,
    breaks: (it.breaks ?? []).map((b) => ({ start: b.start, duration: b.duration, date: b.date ?? null })),
    pricing: it.pricing.map((row, j) => storedPricing(row, j + 1)),
  };
}

/** Wall-clock times 'HH:mm' every `step` minutes from `from` while a session of `duration` ends by `to` (minutes may pass 24:00). */
export function times(from: string, to: string, step: number, duration = step): string[] {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  let start = toMin(from);
  let end = toMin(to);
  if (end <= start) end += 24 * 60;
  const out: string[] = [];
  for (; start + duration <= end; start += step) {
    const m = start % (24 * 60);
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}
