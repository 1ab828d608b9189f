// Per-row controls of the transactions list and the screen's own buttons; the forms are the
// declaration's `actionForms` (add, changeType, refund, topUp), saved through the dataProvider.
// Row: Dispute for everyone; a menu with change type and refund for editors (transactions.edit
// together with transactions.all). A refund cannot itself be refunded, so it has no refund item.
// Bar: the location's balance, the account top-up (only with allow_refill) and adding a transaction.
import { useState } from 'react';
import { Box, Button, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { usePermissions, useRefresh, useTranslate } from 'react-admin';
import { hasPermission } from '../../../domain/permissions';
import { balanceCurrency, formatMoney } from '../../../domain/money';
import { ActionFormDialog } from '../../components/forms/ActionFormDialog';
import type { LocationRecord } from '../locations/types';
import { DisputeDialog } from './DisputeDialog';
import type { TransactionRow } from './types';

const NAME = 'transactions';

/** The specs' rule: both permissions are needed to change the ledger. */
export function useCanEditTransactions(): boolean {
  const { permissions } = usePermissions<string[]>();
  return hasPermission(permissions, 'transactions.edit') && hasPermission(permissions, 'transactions.all');
}

export function TransactionRowActions({ record: transaction }: { record: TransactionRow }) {
  const translate = useTranslate();
  // Everything is read again after a change: the balances of the rows and of the location.
  const refresh = useRefresh();
  const canEdit = useCanEditTransactions();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<'type' | 'refund' | 'dispute' | null>(null);
  const close = () => setOpen(null);
  const pick = (what: 'type' | 'refund') => { setMenu(null); setOpen(what); };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Button size="small" startIcon={<ReportProblemIcon />} onClick={() => setOpen('dispute')}
        aria-label={translate('app.money.transactions.disputeNamed', { id: transaction.id })}>
        {translate('app.money.transactions.dispute')}
      </Button>
      {canEdit && (
        <>
          <IconButton size="small" onClick={(e) => setMenu(e.currentTarget)}
            aria-label={translate('app.money.transactions.menu', { id: transaction.id })}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            <MenuItem onClick={() => pick('type')}>{translate('app.money.transactions.changeType')}</MenuItem>
            {transaction.original_transaction === null && (
              <MenuItem onClick={() => pick('refund')}>{translate('app.money.transactions.refund')}</MenuItem>
            )}
          </Menu>
        </>
      )}
      {open === 'type' && <ActionFormDialog name={NAME} form="changeType" record={transaction} onClose={close} onDone={refresh} />}
      {open === 'refund' && <ActionFormDialog name={NAME} form="refund" record={transaction} onClose={close} onDone={refresh} />}
      {open === 'dispute' && <DisputeDialog transaction={transaction} onClose={close} />}
    </Box>
  );
}

export function TransactionsToolbar({ location }: { location: LocationRecord & { allow_refill?: boolean } }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const canEdit = useCanEditTransactions();
  const [open, setOpen] = useState<'add' | 'topUp' | null>(null);
  const meta = { location_id: location.id, location_name: location.name };
  const balance = formatMoney(location.balance, balanceCurrency(location), translate('app.currency.default'));
  return (
    <>
      <Typography data-testid="location-balance" sx={{ fontWeight: 600 }}>
        {translate('app.money.transactions.balance', { name: location.name, amount: balance })}
      </Typography>
      {location.allow_refill && (
        <Button variant="outlined" size="small" startIcon={<AccountBalanceWalletIcon />} onClick={() => setOpen('topUp')}>
          {translate('app.money.transactions.topUp')}
        </Button>
      )}
      {canEdit && (
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen('add')}>
          {translate('app.money.transactions.add')}
        </Button>
      )}
      {open === 'topUp' && <ActionFormDialog name={NAME} form="topUp" meta={meta} onClose={() => setOpen(null)} />}
      {open === 'add' && <ActionFormDialog name={NAME} form="add" meta={meta} onClose={() => setOpen(null)} onDone={refresh} />}
    </>
  );
}
