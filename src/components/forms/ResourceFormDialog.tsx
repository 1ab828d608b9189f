// The create/edit dialog of a declared form: react-admin's <Form> saving through useCreate/useUpdate
// (pessimistic) and so through the dataProvider. The server's field errors show under their
// inputs, other errors above them; the list refetches and a message names the saved record.
import { useState } from 'react';
import { Alert, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useCreate, useNotificationContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import { declaration } from '../../resources/registry';
import { SubmitButton } from '../SubmitButton';
import { FormFields, bodyOf, defaultsOf, fieldsOf } from './fields';
import { splitErrors } from './serverErrors';
import { useRouteMoney } from './routeMoney';
import { CancelButton, GuardedDialog, ReportFormDirty } from './GuardedDialog';

export function ResourceFormDialog({ name, record, meta, onClose, onCreated }: {
  name: string;
  /** The record to edit; none to create one. */
  record?: Record<string, any>;
  /** Path placeholders of the calls (`location_id`). */
  meta?: Record<string, unknown>;
  onClose: () => void;
  /** The server's answer to a create (e.g. a secret shown this once). */
  onCreated?: (saved: any) => void;
}) {
  const d = declaration(name);
  const form = d.form!;
  const mode = record ? 'edit' : 'create';
  const fields = fieldsOf(form, mode);
  const translate = useTranslate();
  const notify = useNotify();
  const money = useRouteMoney();
  // The specs' generic handler: the alerts on screen go before a call.
  const { resetNotifications } = useNotificationContext();
  const client = useQueryClient();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    resetNotifications();
    const data = bodyOf(fields, values);
    let saved: any;
    try {
      saved = record
        ? await update(name, { id: record.id, data, previousData: record, meta }, { mutationMode: 'pessimistic', returnPromise: true })
        : await create(name, { data, meta }, { returnPromise: true });
    } catch (error) {
      const split = splitErrors(error, fields, translate('app.alerts.unknownError'));
      if (split.other) setProblem(split.other);
      return split.fields;
    }
    onClose();
    await client.invalidateQueries({ queryKey: [name] });
    if (!record) onCreated?.(saved);
    const message = record ? form.saved.edit : form.saved.create;
    if (message) notify(message, { type: 'success', messageArgs: d.messageArgs?.(saved ?? {}, { money }) });
    return undefined;
  };

  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth={form.width ?? 'sm'} aria-labelledby={`${name}-form-title`}>
      <Form onSubmit={submit} mode="onChange" defaultValues={defaultsOf(fields, record)} record={record}>
        <ReportFormDirty />
        {form.title && <DialogTitle id={`${name}-form-title`}>{translate(record ? form.title.edit : form.title.create)}</DialogTitle>}
        <DialogContent>
          {problem && <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">{problem}</Alert>}
          <FormFields fields={fields} />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.common.cancel')}</CancelButton>
          <SubmitButton>{translate(record ? 'app.common.save' : 'app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}
