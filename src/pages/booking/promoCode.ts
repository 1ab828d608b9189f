// The promo code field of the single and the multi-session booking forms: checked with check_coupon
// while typing (debounced) for the session's date, and again on send; what the field says about it.
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { bookingApi } from './api';
import type { PromoState } from './bookingForm';
import type { CouponResult } from './types';

export interface PromoCode {
  /** The code as checked (trimmed); '' when none is typed. */
  code: string;
  state: PromoState;
  /** The discount the price preview applies ("0.1" for 10 %, else an amount); null unless the code holds. */
  discount: string | null;
  /** Why the server refused the code, when it says. */
  reason?: string;
  /** Checks the code once more (on send) and returns whether it holds; nothing typed holds. */
  recheck: () => Promise<boolean>;
}

type Checked = { state: PromoState; result?: CouponResult };

export function usePromoCode({ typed, locationId, sessionDt, held }: {
  typed: string;
  locationId: number;
  /** The session the code is for ('YYYY-MM-DD HH:mm'; '' before one is chosen). */
  sessionDt: string;
  /** The code the edited order already holds: it stays valid even when it has no uses left. */
  held?: string | null;
}): PromoCode {
  const code = typed.trim();
  const [checked, setChecked] = useState<Checked & { code: string }>({ code: '', state: 'idle' });

  const check = async (c: string): Promise<Checked> => {
    try {
      const result = await bookingApi.checkCoupon(c, locationId, sessionDt || undefined);
      const keeps = !!held && c.toUpperCase() === held.toUpperCase();
      return { state: result.valid || keeps ? 'valid' : 'invalid', result };
    } catch (err) {
      return { state: 'invalid', result: { valid: false, type: null, discount: null, reason: err instanceof Error ? err.message : undefined } };
    }
  };

  useEffect(() => {
    if (!code) {
      setChecked({ code: '', state: 'idle' });
      return undefined;
    }
    setChecked((p) => (p.code === code ? p : { code, state: 'checking' }));
    let live = true;
    const timer = setTimeout(async () => {
      const result = await check(code);
      if (live) setChecked({ code, ...result });
    }, SEARCH_DEBOUNCE_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [code, sessionDt]); // eslint-disable-line react-hooks/exhaustive-deps -- `check` reads these

  // Typed since the last answer: checking until the debounced check answers.
  const state: PromoState = checked.code === code ? checked.state : code ? 'checking' : 'idle';
  return {
    code,
    state,
    discount: state === 'valid' ? checked.result?.discount ?? null : null,
    reason: checked.result?.reason,
    recheck: async () => {
      if (!code) return true;
      const result = await check(code);
      setChecked({ code, ...result });
      return result.state === 'valid';
    },
  };
}

/**
 * What the promo code field says: checking, the discount it gives, or (as an error) why it does not
 * hold. `serverError` is the save's own message for the field, which wins.
 */
export function promoFieldText(promo: PromoCode, translate: (key: string, options?: object) => string, money: (amount: string) => string,
  serverError?: string): { hint?: string; error?: string } {
  if (promo.state === 'checking') return { hint: translate('app.booking.promoChecking') };
  if (promo.state === 'invalid' && promo.code) {
    return { error: serverError ?? `${translate('validation.validationPromocode')}${promo.reason ? `: ${promo.reason}` : ''}` };
  }
  if (promo.discount) {
    const d = Number(promo.discount);
    return { hint: translate('app.booking.promoValid', { discount: d < 1 ? `${Math.round(d * 100)} %` : money(promo.discount) }) };
  }
  return {};
}
