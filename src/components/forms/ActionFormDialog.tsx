// The dialog of a declared action form (`actionForms` of a declaration): react-admin's <Form> with
// the declared fields, saved by one call of the data layer (useCreate for `create`, else
// dataProvider.action), with one Idempotency-Key per opening when the form is `idempotent`. The
// server's messages of the form's fields show under their inputs; any other failure is the
// generic handler's alert. After a save: the list is read again, the message, `then`.
import { useState } from 'react';
import { DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useCreate, useDataProvider, useNotificationContext, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { newIdempotencyKey } from '../../dataProvider/http';
import type { ActionContext, ActionFormDeclaration } from '../../resources/declaration';
import { declaration } from '../../resources/registry';
import { SubmitButton } from '../SubmitButton';
import { FormContextValues, FormFields, bodyOf, defaultsOf } from './fields';
import { splitErrors } from './serverErrors';
import { CancelButton, GuardedDialog, ReportFormDirty } from './GuardedDialog';

/** The action form `form` of the resource `name`. */
export function actionForm(name: string, form: string): ActionFormDeclaration {
  const found = declaration(name).actionForms?.[form];
  if (!found) throw new Error(`${name}: no action form "${form}" in its declaration`);
  return found;
}

/** The call an action form makes: the resource's create, or the named action with the row's id. */
export function actionCall(a: ActionFormDeclaration, values: Record<string, unknown>, ctx: ActionContext, idempotencyKey?: string) {
  const data = bodyOf(a.fields, values);
  const body = a.body ? a.body(data, ctx) : data;
  const meta = idempotencyKey ? { ...ctx.meta, idempotencyKey } : ctx.meta;
  const id = ctx.record ? ctx.record[a.id ?? 'id'] : undefined;
  return { body, meta, id };
}

/** Server field errors with the fields' own messages for the server's texts (`serverMessage`). */
export function actionFieldErrors(a: ActionFormDeclaration, error: unknown): Record<string, string> | undefined {
  const split = splitErrors(error, a.fields, '');
  if (!split.fields) return undefined;
  return Object.fromEntries(Object.entries(split.fields).map(([source, text]) => {
    const field = a.fields.find((f) => f.source === source);
    return [source, field?.serverMessage?.(text) ?? text];
  }));
}

export function ActionFormDialog({ name, form, record, meta = {}, onClose, onDone }: {
  name: string;
  /** The key of `actionForms`. */
  form: string;
  /** The row the action is about; none for a toolbar's form. */
  record?: Record<string, any>;
  /** Path placeholders (`location_id`) and what the declaration's functions read. */
  meta?: Record<string, unknown>;
  onClose: () => void;
  /** After a save (the dialog is closed first). */
  onDone?: (saved: any) => void;
}) {
  const a = actionForm(name, form);
  const translate = useTranslate();
  const notify = useNotify();
  // The specs' generic handler: the alerts on screen go before a call.
  const { resetNotifications } = useNotificationContext();
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [create] = useCreate();
  // One key for this opening: saving again after a lost answer does not write twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const ctx: ActionContext = { record, meta };

  const submit = async (values: Record<string, unknown>) => {
    resetNotifications();
    const { body, meta: callMeta, id } = actionCall(a, values, ctx, a.idempotent ? idempotencyKey : undefined);
    let saved: any;
    try {
      saved = a.action === 'create'
        ? await create(name, { data: body as Record<string, unknown>, meta: callMeta }, { returnPromise: true })
        : (await dataProvider.action(name, { id, action: a.action, data: body, meta: callMeta })).data;
    } catch (error) {
      const fields = actionFieldErrors(a, error);
      if (fields) return fields;
      notify(error instanceof Error && error.message ? error.message : 'app.alerts.unknownError', { type: 'error' });
      return undefined;
    }
    onClose();
    await client.invalidateQueries({ queryKey: [name] });
    if (a.done) notify(a.done, { type: 'success', messageArgs: a.doneArgs?.(saved, ctx) });
    onDone?.(saved);
    a.then?.(saved);
    return undefined;
  };

  // A row's dialog has its own values: without a record of its own, react-admin's Form would
  // start from the row's fields.
  const defaults = { ...defaultsOf(a.fields, undefined), ...a.defaults?.(ctx) };
  return (
    <GuardedDialog onClose={onClose} maxWidth={a.width ?? 'xs'} fullWidth aria-labelledby={`${a.testId}-title`} data-testid={a.testId}>
      <FormContextValues.Provider value={{ meta, record }}>
        <Form record={NO_RECORD} onSubmit={submit} mode="onChange" defaultValues={defaults}>
          <ReportFormDirty />
          <DialogTitle id={`${a.testId}-title`}>{translate(a.title, a.titleArgs?.(ctx))}</DialogTitle>
          <DialogContent>
            {a.text && <DialogContentText sx={{ mb: 1 }}>{translate(a.text)}</DialogContentText>}
            <FormFields fields={a.fields} />
          </DialogContent>
          <DialogActions>
            <CancelButton onClose={onClose}>{translate(a.cancel ?? 'app.common.cancel')}</CancelButton>
            <SubmitButton color={a.danger ? 'error' : undefined}>{translate(a.submit ?? 'app.common.create')}</SubmitButton>
          </DialogActions>
        </Form>
      </FormContextValues.Provider>
    </GuardedDialog>
  );
}

const NO_RECORD = {};
