// A webhook's status: active, or switched off with the server's reason (a 410 answer).
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Webhook } from './types';

export function WebhookStatus({ record }: { record: Webhook }) {
  const translate = useTranslate();
  if (record.active) return <Chip size="small" color="success" label={translate('app.tools.webhooks.active')} />;
  return (
    <Tooltip title={record.disabled_reason ?? ''}>
      <Chip size="small" color="warning" label={translate('app.tools.webhooks.disabled', { reason: record.disabled_reason ?? '' })} />
    </Tooltip>
  );
}
