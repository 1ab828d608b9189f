// Webhooks of the location: where the server posts its events (orders, payments, certificates),
// each signed with the webhook's secret. Add, edit, delete, and each one's delivery log.
import { useState } from 'react';
import {
  Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/History';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { RowAction } from './RowAction';
import { useConfirmedDelete } from './useConfirmedDelete';
import { WEBHOOK_EVENTS } from '../../../domain/locationManagement';
import { toolKeys, useWebhooks } from './api';
import { DeliveryLogDialog } from './DeliveryLogDialog';
import { QueryState } from './QueryState';
import type { CreatedWebhook, Webhook } from './types';
import { WebhookDialog } from './WebhookDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

export function WebhooksTab({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const client = useQueryClient();
  const webhooks = useWebhooks(locationId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const refetch = () => client.invalidateQueries({ queryKey: toolKeys.webhooks(locationId) });
  const deletion = useConfirmedDelete<Webhook>({
    url: (row) => `/api/v2.1/webhook/${row.id}/`, refetch,
    title: 'app.tools.webhooks.deleteTitle', text: 'app.tools.webhooks.deleteText', deleted: 'app.tools.webhooks.deleted', args: (row) => ({ url: row.url }),
  });

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
                      <RowAction label={translate('app.tools.webhooks.log')} icon={<HistoryIcon fontSize="small" />} onClick={() => setLog(w)} />
                      <RowAction label={translate('app.tools.edit')} icon={<EditIcon fontSize="small" />} onClick={() => setEditing(w)} />
                      <RowAction label={translate('app.tools.delete')} icon={<DeleteIcon fontSize="small" />} onClick={() => deletion.ask(w)} />
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
      {deletion.dialog}
    </Box>
  );
}
