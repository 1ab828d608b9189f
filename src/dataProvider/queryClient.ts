// The QueryClient given to <Admin>: react-query's defaults retry a failed query three times with
// back-off (1 s, 2 s, 4 s), which made a deleted record's 404 take seconds to show (issue #18).
// An answer of 4xx is final: it is never retried, by any query or mutation of the app. Network
// failures (status 0) and 5xx are retried as before.
import { QueryClient } from '@tanstack/react-query';

/** The HTTP status of an error of the app's client (ApiError, react-admin's HttpError), if any. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** react-query's `retry`: up to `max` retries, none after a 4xx answer. */
export function retryUnlessClientError(max = 3) {
  return (failureCount: number, error: unknown) => {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500) return false;
    return failureCount < max;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessClientError(3) },
      // Mutations are not retried (react-query's default), 4xx or not.
      mutations: { retry: false },
    },
  });
}
