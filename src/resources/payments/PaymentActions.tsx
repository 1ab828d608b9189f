// The payments screen's own controls: "Add payment" in the filter bar (the declared `create`
// form) and the row's declared actions (hiding a manual payment after a yes/no).
import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { ActionFormDialog } from '../../components/forms/ActionFormDialog';
import { RowActions } from '../../components/forms/RowActions';
import { declaration } from '../registry';
import type { LocationRecord } from '../locations/types';

const NAME = 'location_payments';
const NO_PARTS = new Map();

export function AddPaymentButton({ location }: { location: LocationRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.money.payments.add')}
      </Button>
      {open && <ActionFormDialog name={NAME} form="create" meta={{ location_id: location.id }} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The row action column: the declaration's row actions (only manual payments can be hidden). */
export function PaymentRowActions({ record }: { record: { id: number; payment_type: number; purchase: string } }) {
  return <RowActions d={declaration(NAME)} record={record} parts={NO_PARTS} onEdit={() => undefined} />;
}
