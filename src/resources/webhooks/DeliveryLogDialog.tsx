// A webhook's delivery log, newest first: when, which event, how it ended, and per attempt the
// HTTP status, duration and the start of the answer. Any delivery can be sent again (a new
// delivery with the same body and event_id, so receivers that dedupe keep one).
import { Fragment, useState } from 'react';
import { TruncatedText } from '../../components/TruncatedText';
import {
  Alert, Box, Button, Chip, CircularProgress, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Table,
  TableBody, TableCell, TableHead, TablePagination, TableRow, Tooltip, Typography, type ChipProps,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useInstantFormat } from '../../components/records/format';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { Delivery, DeliveryAttempt, DeliveryStatus, Page, Webhook } from './types';

/** Rows of one page of the delivery log. */
const DELIVERIES_PER_PAGE = 10;
/** While a delivery waits for its first answer the log asks again this often. */
const PENDING_REFRESH_MS = 2000;

/** One page of the log, through the declaration's `deliveries` action. */
function useDeliveries(webhookId: number, page: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['webhooks', 'deliveries', webhookId, page],
    queryFn: async () => (await dataProvider.action<Page<Delivery>>('webhooks', {
      id: webhookId, action: 'deliveries', data: { limit: DELIVERIES_PER_PAGE, offset: page * DELIVERIES_PER_PAGE },
    })).data,
    // A fresh delivery is sent by the server's job worker within seconds: follow it until it settles.
    // Later retries are minutes apart; the refresh button covers those.
    refetchInterval: (query) => (query.state.data?.results.some((d) => d.status === 'pending' && d.attempts === 0) ? PENDING_REFRESH_MS : false),
  });
}

const STATUS_COLOR: Record<DeliveryStatus, ChipProps['color']> = {
  pending: 'info', delivered: 'success', failed: 'error', gone: 'warning', skipped: 'default',
};


/** The HTTP status or, when there was no answer, the network error. */
function outcome(a: DeliveryAttempt | undefined): string {
  if (!a) return '—';
  return a.status_code !== null ? String(a.status_code) : a.error ?? '—';
}

function Excerpt({ attempt }: { attempt: DeliveryAttempt | undefined }) {
  const text = attempt ? attempt.response_excerpt || attempt.error || '' : '';
  return <TruncatedText component="code" text={text || '—'} maxWidth={260} sx={{ fontSize: 12 }} />;
}

export function DeliveryLogDialog({ record: webhook, onClose }: { record: Webhook; onClose: () => void }) {
  // Times on the webhook's location's clock, as every other screen shows them.
  const instant = useInstantFormat();
  const time = (iso: string | null) => instant(iso, true);
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const deliveries = useDeliveries(webhook.id, page);
  const refetch = () => client.invalidateQueries({ queryKey: ['webhooks', 'deliveries', webhook.id] });

  const resend = async (d: Delivery) => {
    setResending(d.id);
    const sent = await run(() => dataProvider.action('webhooks', { id: webhook.id, action: 'resend', meta: { delivery_id: d.id } }));
    setResending(null);
    if (!sent) return;
    setPage(0);
    await refetch();
    notify('app.tools.log.resent', { type: 'success' });
  };

  const rows = deliveries.data?.results ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="log-title">
      <DialogTitle id="log-title">
        {translate('app.tools.log.title')}
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{webhook.url}</Typography>
      </DialogTitle>
      <DialogContent>
        {!webhook.active && <Alert severity="warning" sx={{ mb: 1 }}>{translate('app.tools.log.disabled')}</Alert>}
        {deliveries.isError && <Alert severity="error">{(deliveries.error as Error).message}</Alert>}
        {deliveries.isPending && <Box sx={{ py: 2, textAlign: 'center' }}><CircularProgress size={24} /></Box>}
        {deliveries.data && rows.length === 0 && <Typography color="text.secondary">{translate('app.tools.log.empty')}</Typography>}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('app.tools.log.title')}>
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell>{translate('app.tools.log.time')}</TableCell>
                  <TableCell>{translate('app.tools.log.event')}</TableCell>
                  <TableCell>{translate('app.tools.log.status')}</TableCell>
                  <TableCell>{translate('app.tools.log.code')}</TableCell>
                  <TableCell>{translate('app.tools.log.response')}</TableCell>
                  <TableCell>{translate('app.tools.log.duration')}</TableCell>
                  <TableCell>{translate('app.tools.log.attempts')}</TableCell>
                  <TableCell align="right">{translate('app.forms.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((d) => {
                  const last = d.log.at(-1);
                  const expanded = open === d.id;
                  return (
                    <Fragment key={d.id}>
                      <TableRow data-testid="delivery-row" data-status={d.status} data-event={d.event}>
                        <TableCell padding="checkbox">
                          <IconButton
                            size="small"
                            disabled={d.log.length === 0}
                            aria-expanded={expanded}
                            aria-label={translate('app.tools.log.showAttempts')}
                            onClick={() => setOpen(expanded ? null : d.id)}
                          >
                            {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                          </IconButton>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(d.created)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {d.event}
                          {d.resent_from !== null && <Typography variant="caption" color="text.secondary" component="div">{translate('app.tools.log.resentFrom', { id: d.resent_from })}</Typography>}
                        </TableCell>
                        <TableCell>
                          <Chip size="small" color={STATUS_COLOR[d.status]} label={translate(`app.tools.log.statuses.${d.status}`)} />
                          {d.status === 'pending' && d.next_attempt_at && d.attempts > 0 && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {translate('app.tools.log.nextAttempt', { time: time(d.next_attempt_at) })}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell data-testid="delivery-code">{outcome(last)}</TableCell>
                        <TableCell><Excerpt attempt={last} /></TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{last?.duration_ms != null ? translate('app.tools.log.ms', { ms: last.duration_ms }) : '—'}</TableCell>
                        <TableCell data-testid="delivery-attempts">{d.attempts}</TableCell>
                        <TableCell align="right">
                          <Tooltip title={translate(webhook.active ? 'app.tools.log.resend' : 'app.tools.log.disabled')}>
                            <span>
                              <Button
                                size="small"
                                sx={{ whiteSpace: 'nowrap' }}
                                startIcon={resending === d.id ? <CircularProgress size={14} /> : <ReplayIcon />}
                                disabled={!webhook.active || resending !== null}
                                onClick={() => resend(d)}
                              >
                                {translate('app.tools.log.resend')}
                              </Button>
                            </span>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell colSpan={9} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                          <Collapse in={expanded} unmountOnExit>
                            <Table size="small" aria-label={translate('app.tools.log.attemptsOf', { id: d.id })} sx={{ my: 1 }}>
                              <TableBody>
                                {d.log.map((a, i) => (
                                  <TableRow key={i}>
                                    <TableCell>#{i + 1}</TableCell>
                                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(a.at)}</TableCell>
                                    <TableCell>{outcome(a)}</TableCell>
                                    <TableCell>{a.duration_ms != null ? translate('app.tools.log.ms', { ms: a.duration_ms }) : '—'}</TableCell>
                                    <TableCell>
                                      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                                        {a.response_excerpt || a.error || '—'}
                                      </Box>
                                    </TableCell>
                                  </TableRow>
                                ))}
                              </TableBody>
                            </Table>
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        {(deliveries.data?.count ?? 0) > DELIVERIES_PER_PAGE && (
          <TablePagination
            component="div"
            count={deliveries.data!.count}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={DELIVERIES_PER_PAGE}
            rowsPerPageOptions={[DELIVERIES_PER_PAGE]}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<RefreshIcon />} onClick={() => refetch()} disabled={deliveries.isFetching}>{translate('app.tools.log.refresh')}</Button>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
