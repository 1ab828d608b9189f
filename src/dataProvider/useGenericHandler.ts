// The specs' generic handler for an action: it first clears the alerts on screen, then runs the
// call; on failure it shows the first message of the first array field of the error body, else
// the text body, else "Unknown error" (ApiError.message already holds that text).
import { useCallback } from 'react';
import { useNotificationContext, useNotify, useTranslate } from 'react-admin';
import { ApiError } from './http';

export function useGenericHandler() {
  const { resetNotifications } = useNotificationContext();
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    async <T,>(action: () => Promise<T>, onError?: (err: ApiError) => boolean | void): Promise<T | undefined> => {
      resetNotifications();
      try {
        return await action();
      } catch (err) {
        if (err instanceof ApiError && onError?.(err)) return undefined;
        const message = err instanceof Error && err.message ? err.message : translate('app.alerts.unknownError');
        notify(message, { type: 'error' });
        return undefined;
      }
    },
    [resetNotifications, notify, translate],
  );
}
