// #42 The server's start line about money names every real provider a location may set up, from
// the providers' list (a new provider must give its brand here, or the type check fails), so the
// operator reads the whole choice ("YooKassa, Stripe") and not the first one only.
import { PROVIDER_NAMES, type ProviderName } from './types';

/** Each real provider by its brand. */
export const PROVIDER_BRANDS: Record<Exclude<ProviderName, 'sandbox'>, string> = { yookassa: 'YooKassa', stripe: 'Stripe' };

const brands = () => PROVIDER_NAMES.filter((p): p is Exclude<ProviderName, 'sandbox'> => p !== 'sandbox').map((p) => PROVIDER_BRANDS[p]).join(', ');

/** The line: DEMO (the sandbox takes no real money; why it is on) or LIVE, with every provider by name. */
export function paymentsStartLine(sandbox: boolean, setting: string): string {
  return sandbox
    ? `payments: DEMO mode, the sandbox provider takes no real money (${setting === 'on' ? 'PAYMENT_SANDBOX=on' : 'demo data in this database'}); locations with their own provider (${brands()}) use it`
    : `payments: LIVE mode, only the providers set up per location (${brands()}); without one, payment links and top-ups are refused`;
}
