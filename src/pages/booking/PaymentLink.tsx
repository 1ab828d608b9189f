// A payment link as the desk shows it: what to do with it, where it was sent, the link itself and
// its copy button. One part for the pay dialog's bill and the created dialog of a booking with a
// link (#30), so both read the same.
import { Button, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

export interface PaymentLinkShown {
  url: string;
  /** Formatted in the location's money format. */
  amount: string;
  /** The e-mail the letter with the link went to, or null (none: the link is passed on by hand). */
  sentTo: string | null;
}

export function PaymentLinkDetails({ orderId, link }: { orderId: number; link: PaymentLinkShown }) {
  const translate = useTranslate();
  return (
    <>
      <Typography sx={{ mb: 1 }}>{translate('app.booking.pay.linkHint', { amount: link.amount })}</Typography>
      <Typography sx={{ mb: 2 }} color={link.sentTo ? 'success.main' : 'text.secondary'} data-testid="pay-link-sent">
        {link.sentTo ? translate('app.booking.pay.linkSent', { email: link.sentTo }) : translate('app.booking.pay.linkNoEmail')}
      </Typography>
      <TextField value={link.url} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true, 'aria-label': translate('app.booking.pay.linkTitle', { id: orderId }) } }} data-testid="pay-link" />
    </>
  );
}

export function CopyLinkButton({ url, variant }: { url: string; variant?: 'contained' | 'text' }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Button
      variant={variant}
      startIcon={<ContentCopyIcon />}
      data-testid="pay-link-copy"
      onClick={async () => {
        await navigator.clipboard?.writeText(url).catch(() => undefined);
        notify('app.booking.pay.copied', { type: 'info' });
      }}
    >
      {translate('app.booking.pay.copy')}
    </Button>
  );
}

/** Where an order's link letter went: the order log's `bill_sent` entry (billLetter.ts), the last one. */
export function linkSentTo(log: readonly { type: string; data: Record<string, unknown> | null }[] | undefined): string | null {
  const sent = [...(log ?? [])].reverse().find((e) => e.type === 'bill_sent');
  const email = sent?.data?.email;
  return typeof email === 'string' && email ? email : null;
}
