// The QueryClient given to <Admin>: react-query's defaults retry a failed query three times with
// back-off (1 s, 2 s, 4 s), which made a deleted record's 404 take seconds to show (issue #18).
// An answer of 4xx is final: it is never retried, by any query or mutation of the app. Network
// failures (status 0) and 5xx are retried as before.
import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { storedLocale } from '../i18n';

/** The HTTP status of an error of the app's client (ApiError, react-admin's HttpError), if any. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A 4xx answer: final, never asked again by itself. */
export function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** react-query's `retry`: up to `max` retries, none after a 4xx answer. */
export function retryUnlessClientError(max = 3) {
  return (failureCount: number, error: unknown) => {
    if (isClientError(error)) return false;
    return failureCount < max;
  };
}

/** A query whose last answer was not a 4xx: worth asking again when a screen mounts, the tab is back or the network. */
export const notRefused = (query: Query<any, any, any, any>): boolean => !isClientError(query.state.error);

/** Does the key name a language (`'ru'`, `'en'`, or `{locale}` / `{lang}` in it) other than the screen's now? */
export function keyedByAnotherLanguage(key: QueryKey, now: string = storedLocale()): boolean {
  const other = (v: unknown) => (v === 'ru' || v === 'en') && v !== now;
  const walk = (v: unknown, depth: number): boolean => {
    if (other(v)) return true;
    if (depth > 3 || v === null || typeof v !== 'object') return false;
    return Object.entries(v as Record<string, unknown>).some(([k, x]) => (Array.isArray(v) || k === 'meta' || k === 'locale' || k === 'lang') && walk(x, depth + 1));
  };
  return walk(key, 0);
}

/**
 * #42 A query keyed by the language (the server words names and messages) keeps showing the previous
 * language's answer while the new one loads, so a screen does not fall back to its loader, which
 * unmounted forms and lost what was typed when RU/EN was switched. Any other change of key starts empty.
 */
export const keepAcrossLanguageSwitch = <T,>(previous: T | undefined, previousQuery: Query<any, any, any, any> | undefined): T | undefined =>
  (previousQuery && keyedByAnotherLanguage(previousQuery.queryKey) ? previous : undefined);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUnlessClientError(3),
        // Nor asked again when a screen mounts: the day view's preload (or the screen before) was just
        // refused the location, and the page asked it again (#18). A failed connection is asked again.
        retryOnMount: notRefused,
        // Nor when the tab is back in front or the network is back: the answer would be the same.
        refetchOnWindowFocus: notRefused,
        refetchOnReconnect: notRefused,
        placeholderData: keepAcrossLanguageSwitch,
      },
      // Mutations are not retried (react-query's default), 4xx or not.
      mutations: { retry: false },
    },
  });
}
