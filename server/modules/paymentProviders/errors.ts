// #29 How a provider's refusal reaches us, whichever provider (YooKassa over fetch, Stripe through its SDK).
import { fieldError } from '../../platform/errors';
import { wordsParam } from '../../platform/messages';

/** A provider answer we cannot use: its HTTP status (0: no answer at all), a short reason (the provider's code) and which provider said it. */
export class ProviderHttpError extends Error {
  constructor(readonly status: number, reason: string, readonly provider: 'yookassa' | 'stripe') { super(reason); }
}

/** #39 The message params of a provider's refusal: the provider by its brand and its code in words (platform/messages.ts), never raw. */
export const providerFailureParams = (err: ProviderHttpError) =>
  ({ provider: wordsParam('provider', err.provider), provider_error: wordsParam('provider_error', err.message) });

/** A refused link is a 400 like the other refusals of a link (payment_provider_off), so every route's documented answers hold. */
export const asFailure = (err: unknown) => {
  if (err instanceof ProviderHttpError) return fieldError('non_field_errors', 'payment_provider_failed', providerFailureParams(err));
  return err;
};
