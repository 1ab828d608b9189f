// Add or edit a webhook: url required, extra (send the customer's personal data) as a switch.
// Editing also offers to switch a webhook on again after the server turned it off (a 410 answer).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { BooleanInput, Form, TextInput, maxLength, required, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../money/fieldErrors';
import type { CreatedWebhook, Webhook } from './types';

// The spec: url required. The server checks the scheme and that the address is not private.
const urlRules = [required('validation.validationRequired'), maxLength(2000, 'app.tools.webhooks.urlLength')];

export function WebhookDialog({ locationId, webhook, onClose, onSaved }: {
  locationId: string;
  webhook?: Webhook;
  onClose: () => void;
  onSaved: (saved: Webhook | CreatedWebhook) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const url = String(values.url ?? '').trim();
    const extra = !!values.extra;
    const { saved, errors } = await submitWithFieldErrors(run, () => (webhook
      ? api<Webhook>(`/api/v2.1/webhook/${webhook.id}/`, { method: 'PUT', body: { url, extra, active: !!values.active } })
      : api<CreatedWebhook>(`/api/v2.1/locations/${locationId}/webhooks/`, { method: 'POST', body: { url, extra } })),
    { url: 'url', extra: 'extra' });
    if (errors) return errors;
    if (!saved) return undefined;
    onClose();
    await onSaved(saved);
    notify(webhook ? 'app.tools.webhooks.updated' : 'app.tools.webhooks.created', { type: 'success' });
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ url: webhook?.url ?? '', extra: webhook?.extra ?? false, active: webhook?.active ?? true }}>
        <DialogTitle id="webhook-title">{translate(webhook ? 'app.tools.webhooks.editTitle' : 'app.tools.webhooks.addTitle')}</DialogTitle>
        <DialogContent>
          <TextInput source="url" label="app.tools.webhooks.url" validate={urlRules} fullWidth autoFocus helperText="app.tools.webhooks.urlHint" />
          <BooleanInput source="extra" label="app.tools.webhooks.extraLabel" helperText="app.tools.webhooks.extraHint" />
          {webhook && (
            <BooleanInput
              source="active"
              label="app.tools.webhooks.active"
              helperText={webhook.disabled_reason ? translate('app.tools.webhooks.disabled', { reason: webhook.disabled_reason }) : false}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate(webhook ? 'app.common.save' : 'app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
