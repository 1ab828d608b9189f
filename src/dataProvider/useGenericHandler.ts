// The specs' generic handler for an action: it first clears the alerts on screen, then runs the
// call; on failure it shows the server's reasons (ApiError.message: all of them since #39, where the
// spec said the first; "try later" for no answer or a 5xx; src/dataProvider/refusal.ts).
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
