// #38 What goes back, tender by tender, the way it was paid: cash from the till, the card on the
// terminal (with the reminder of the register's refund receipt), each certificate onto its balance
// (an expired one says it stays expired), provider money through the provider. The desk's cancel
// question and the order page show the same list; the server's split (refund_tenders, refund_split)
// is its source, so both read what the server will do.
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LanguageIcon from '@mui/icons-material/Language';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslate } from 'react-admin';
import type { RefundTender } from '../booking/types';

const ICON = { cash: PaymentsIcon, card: CreditCardIcon, certificate: CardGiftcardIcon, provider: LanguageIcon, online: LanguageIcon } as const;

export function refundTenderText(translate: (key: string, args?: object) => string, t: RefundTender, money: (v: string) => string): string {
  const key = (k: string) => `app.providerRefunds.tenders.${k}`;
  const amount = money(t.amount);
  if (t.tender === 'certificate') return translate(key(t.certificate_expired ? 'certificateExpired' : 'certificate'), { number: t.certificate_number ?? '', amount });
  if (t.tender === 'provider') return translate(key('provider'), { provider: providerName(translate, t.provider), amount });
  return translate(key(t.tender), { amount });
}

export const providerName = (translate: (key: string, args?: object) => string, provider: string | null) =>
  translate(`app.providerRefunds.tenders.providers.${provider ?? 'sandbox'}`, { _: provider ?? '' });

export function RefundTenderList({ tenders, money, title = true }: { tenders: readonly RefundTender[]; money: (v: string) => string; title?: boolean }) {
  const translate = useTranslate();
  if (!tenders.length) return null;
  return (
    <>
      {title && <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate('app.providerRefunds.tenders.title')}</Typography>}
      <List dense disablePadding data-testid="refund-tenders">
        {tenders.map((t) => {
          const Icon = ICON[t.tender];
          return (
            <ListItem key={`${t.tender}-${t.payment_id}`} disableGutters data-testid={`refund-tender-${t.tender}`}>
              <ListItemIcon sx={{ minWidth: 32 }}><Icon fontSize="small" /></ListItemIcon>
              <ListItemText primary={refundTenderText(translate, t, money)} />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
