// Webhooks of the location: where the server posts its events (orders, payments, certificates),
// each signed with the webhook's secret. Add, edit, delete, and each one's delivery log.
import { useState } from 'react';
import {
  Box, Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/History';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { WEBHOOK_EVENTS } from '../../../domain/locationManagement';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { toolKeys, useWebhooks } from './api';
import { DeliveryLogDialog } from './DeliveryLogDialog';
import { QueryState } from './QueryState';
import type { CreatedWebhook, Webhook } from './types';
import { WebhookDialog } from './WebhookDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

export function WebhooksTab({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  const webhooks = useWebhooks(locationId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const refetch = () => client.invalidateQueries({ queryKey: toolKeys.webhooks(locationId) });

  const remove = async () => {
    const w = deleting!;
    const done = await run(() => api(`/api/v2.1/webhook/${w.id}/`, { method: 'DELETE' }).then(() => true));
    setDeleting(null);
    if (!done) return;
    await refetch();
    notify('app.tools.webhooks.deleted', { type: 'success' });
  };

  return (
    <Box data-testid="webhooks">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate('app.tools.webhooks.hint', { events: WEBHOOK_EVENTS.join(', ') })}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate('app.tools.webhooks.add')}</Button>
      </Stack>
      <QueryState query={webhooks} empty="app.tools.webhooks.empty">
        {(rows) => (
          <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Table size="small" aria-label={translate('app.tools.tabs.webhooks')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.tools.webhooks.url')}</TableCell>
                  <TableCell>{translate('app.tools.webhooks.extra')}</TableCell>
                  <TableCell>{translate('app.tools.webhooks.status')}</TableCell>
                  <TableCell align="right">{translate('app.tools.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((w) => (
                  <TableRow key={w.id} data-testid="webhook-row" data-webhook-id={w.id}>
                    <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>{w.url}</TableCell>
                    <TableCell>{translate(w.extra ? 'app.common.yes' : 'app.common.no')}</TableCell>
                    <TableCell>
                      {w.active
                        ? <Chip size="small" color="success" label={translate('app.tools.webhooks.active')} />
                        : (
                          <Tooltip title={w.disabled_reason ?? ''}>
                            <Chip size="small" color="warning" label={translate('app.tools.webhooks.disabled', { reason: w.disabled_reason ?? '' })} />
                          </Tooltip>
                        )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={translate('app.tools.webhooks.log')}>
                        <IconButton size="small" aria-label={translate('app.tools.webhooks.log')} onClick={() => setLog(w)}><HistoryIcon fontSize="small" /></IconButton>
                      </Tooltip>
                      <Tooltip title={translate('app.tools.edit')}>
                        <IconButton size="small" aria-label={translate('app.tools.edit')} onClick={() => setEditing(w)}><EditIcon fontSize="small" /></IconButton>
                      </Tooltip>
                      <Tooltip title={translate('app.tools.delete')}>
                        <IconButton size="small" aria-label={translate('app.tools.delete')} onClick={() => setDeleting(w)}><DeleteIcon fontSize="small" /></IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </QueryState>
      {editing && (
        <WebhookDialog
          locationId={locationId}
          webhook={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            await refetch();
            // A new webhook's secret is answered this once: show it before anything else.
            if ('secret' in saved) setCreated(saved as CreatedWebhook);
          }}
        />
      )}
      {created && <WebhookSecretDialog webhook={created} onClose={() => setCreated(null)} />}
      {log && <DeliveryLogDialog webhook={log} onClose={() => setLog(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={translate('app.tools.webhooks.deleteTitle')}
        text={deleting ? translate('app.tools.webhooks.deleteText', { url: deleting.url }) : undefined}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
