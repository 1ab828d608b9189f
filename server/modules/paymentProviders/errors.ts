// #29 How a provider's refusal reaches us, whichever provider (YooKassa over fetch, Stripe through its SDK).
import { fieldError } from '../../platform/errors';

/** A provider answer we cannot use: its HTTP status (0: no answer at all) and a short reason. */
export class ProviderHttpError extends Error {
  constructor(readonly status: number, reason: string) { super(reason); }
}

/** A refused link is a 400 like the other refusals of a link (payment_provider_off), so every route's documented answers hold. */
export const asFailure = (err: unknown) => {
  if (err instanceof ProviderHttpError) return fieldError('non_field_errors', 'payment_provider_failed', { reason: err.message });
  return err;
};
