// #45 The order's messages to its customer: each with its kind, channel, state, and when it is due or
// went (the one date formatter, in the location's time zone); a failed one says why.
import { Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useOrderMessages } from '../booking/api';
import type { OrderMessage } from '../booking/types';
import { messageMoment, messageStateColour } from './orderMessages';
import { OrderTableCard } from './OrderTableCard';

const t = (key: string) => `app.messaging.order.${key}`;
const w = (key: string) => `app.customerMessages.${key}`;

export function OrderMessages({ orderId, when }: { orderId: number; when: (iso: string) => string }) {
  const translate = useTranslate();
  const messages = useOrderMessages(orderId);
  const rows: OrderMessage[] = messages.data ?? [];
  const column = (key: string) => ({ label: translate(`resources.messages.fields.${key}`) });
  return (
    <OrderTableCard title={translate(t('title'))} cardTestId="order-messages" pending={messages.isPending} empty={translate(t('empty'))}
      columns={['kind', 'channel', 'recipient', 'state', 'due_at'].map(column)}
      rows={rows.map((m) => {
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
      })} />
  );
}
