// A promo code's status on a date: the one rule that the promo code list shows (on the location's
// today) and that a booking checks (on its session's business date), so "Active" in the list never
// disagrees with what a booking would answer.

export type PromocodeStatus = 'active' | 'inactive' | 'not_started' | 'expired' | 'used_up';

export interface PromocodeTerms {
  active: boolean;
  /** 'YYYY-MM-DD' or null (no start). */
  valid_from: string | null;
  /** 'YYYY-MM-DD' or null (no end); the code still works on that day. */
  valid_to: string | null;
  usage_limit: number | null;
  used_count: number;
}

/**
 * Switched off first (staff's choice), then the end date passed, then the uses spent, then the start
 * date not reached. `alreadyUsed`: the order being edited holds one of the uses, so a spent limit
 * does not refuse it.
 */
export function promocodeStatus(p: PromocodeTerms, date: string, opts: { alreadyUsed?: boolean } = {}): PromocodeStatus {
  if (!p.active) return 'inactive';
  if (p.valid_to && date > p.valid_to) return 'expired';
  if (!opts.alreadyUsed && p.usage_limit !== null && p.used_count >= p.usage_limit) return 'used_up';
  if (p.valid_from && date < p.valid_from) return 'not_started';
  return 'active';
}
