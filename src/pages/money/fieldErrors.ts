// Shared by the money dialogs (transactions, top-up, certificates): a form's call goes through the
// generic handler, and the server's messages of the form's own fields come back as field errors
// that react-admin's Form shows under the inputs; any other error is the usual alert.
import type { ApiError } from '../../dataProvider/http';
import type { useGenericHandler } from '../../dataProvider/useGenericHandler';

type Run = ReturnType<typeof useGenericHandler>;

export interface Submitted<T> {
  saved?: T;
  /** Form field -> message, to return from the Form's onSubmit. */
  errors?: Record<string, string>;
}

/**
 * `fields` maps a server field name to the form field it belongs to; `message` may replace a
 * server text with the screen's own (e.g. a contract string such as "not found").
 */
export async function submitWithFieldErrors<T>(
  run: Run, action: () => Promise<T>, fields: Record<string, string>,
  message?: (field: string, serverText: string) => string,
): Promise<Submitted<T>> {
  let errors: Record<string, string> | undefined;
  const saved = await run(action, (err: ApiError) => {
    const server = (err.body?.errors ?? {}) as Record<string, string>;
    const mapped: Record<string, string> = {};
    for (const [serverField, formField] of Object.entries(fields)) {
      if (server[serverField]) mapped[formField] = message?.(serverField, server[serverField]) ?? server[serverField];
    }
    if (!Object.keys(mapped).length) return false;
    errors = mapped;
    return true;
  });
  return errors ? { errors } : { saved };
}
