// #45 The order's messages to its customer: each with its kind, channel, state, and when it is due or
// went (the one date formatter, in the location's time zone); a failed one says why.
import { Card, CardContent, Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useOrderMessages } from '../booking/api';
import type { OrderMessage } from '../booking/types';
import { messageMoment, messageStateColour } from './orderMessages';

const t = (key: string) => `app.messaging.order.${key}`;
const w = (key: string) => `app.customerMessages.${key}`;

export function OrderMessages({ orderId, when }: { orderId: number; when: (iso: string) => string }) {
  const translate = useTranslate();
  const messages = useOrderMessages(orderId);
  const rows: OrderMessage[] = messages.data ?? [];
  return (
    <Card sx={{ mb: 2 }} data-testid="order-messages">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(t('title'))}</Typography>
        {messages.isPending ? <Skeleton variant="rounded" height={60} /> : rows.length === 0 ? (
          <Typography color="text.secondary">{translate(t('empty'))}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.messages.fields.kind')}</TableCell>
                  <TableCell>{translate('resources.messages.fields.channel')}</TableCell>
                  <TableCell>{translate('resources.messages.fields.recipient')}</TableCell>
                  <TableCell>{translate('resources.messages.fields.state')}</TableCell>
                  <TableCell>{translate('resources.messages.fields.due_at')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => {
                  const moment = messageMoment(m);
                  return (
                    <TableRow key={m.id} data-testid="order-message" data-kind={m.kind} data-state={m.state}>
                      <TableCell>{translate(w(`kinds.${m.kind}`), { _: m.kind })}</TableCell>
                      <TableCell>{translate(w(`channels.${m.channel}`), { _: m.channel })}</TableCell>
                      <TableCell>{m.recipient}</TableCell>
                      <TableCell>
                        <Chip size="small" color={messageStateColour(m.state)} label={translate(w(`states.${m.state}`), { _: m.state })} />
                        {/* A skipped one's reason in words (a code of the planner or the sender); a failure's gateway text as it came. */}
                        {m.error && <Typography variant="caption" color="text.secondary" component="div" data-testid="order-message-error">{translate(w(`reasons.${m.error}`), { _: m.error })}</Typography>}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(t(moment.key), { time: when(moment.at) })}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
