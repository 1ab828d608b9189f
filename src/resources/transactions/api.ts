// Types and calls of the transactions screen: the ledger's kinds, the rows, and the changes
// (add, change type, refund, dispute, top-up). The list itself goes through the dataProvider.
import { useQuery } from '@tanstack/react-query';
import { regex, required } from 'react-admin';
import { maxChars } from '../../components/validators';
import { api } from '../../dataProvider/http';

import { TRANSACTION_TYPES, type TransactionType } from './types';

export { TRANSACTION_TYPES, type TransactionType };
export const typeChoices = TRANSACTION_TYPES.map((id) => ({ id, name: `app.money.transactions.types.${id}` }));

/** Amounts of transactions, refunds and top-ups: required, at most 8 characters, digits with two decimals. */
export const AMOUNT_MAX_LENGTH = 8;
export const amountRules = [
  required('validation.validationSum'), maxChars(AMOUNT_MAX_LENGTH), regex(/^\d+([.,]\d{1,2})?$/, 'validation.validationCost'),
];
export const toAmount = (value: unknown) => String(value ?? '').trim().replace(',', '.');

/** The server's limits on dispute files (PDF or images), shown in the dialog's hint. */
export const DISPUTE_MAX_FILES = 5;
export const DISPUTE_MAX_MB = 10;

export interface TransactionRow {
  id: number; location_id: number; session: string | null; operation_dt: string; description: string; amount: string;
  additional: boolean; total: string; currency: string | null; license: string | null; code: string | null; type: TransactionType;
  user_email: string | null; number: string | null; debt_open: boolean; original_transaction: number | null;
}

export interface DisputeRecord {
  id: number; text: string; created: string; user_email: string | null; files: { name: string; url: string; size: number }[];
}

export const transactionsApi = {
  create: (body: {
    type: string; amount: string; operation_dt: string | null; description: string; number: string | null; debt_open: boolean;
    location: number; session: string | null;
  }) => api<TransactionRow>('/api/v2.1/transactions/create_transaction/', { method: 'POST', body }),
  changeType: (transactionId: number, type: TransactionType) =>
    api<TransactionRow>('/api/v2.2/transactions/change_type/', { method: 'POST', body: { type, transaction_id: transactionId } }),
  refund: (original: TransactionRow, amount: string, description: string) =>
    api<TransactionRow>('/api/v2.2/transactions/create_transaction/', {
      method: 'POST',
      body: { original_transaction: original.id, amount, location: original.location_id, session: original.session, operation_dt: null, description, type: 'refund' },
    }),
  dispute: (transactionId: number, form: FormData) =>
    api<DisputeRecord>(`/api/v2.1/transactions/${transactionId}/dispute/`, { method: 'POST', form }),
  disputes: (transactionId: number) => api<DisputeRecord[]>(`/api/v2.1/transactions/${transactionId}/dispute/`),
  refill: (locationId: number, amount: string) =>
    api<{ payment_id: number; payment_url: string }>(`/api/v2.2/locations/${locationId}/refill/`, { method: 'POST', body: { amount } }),
};

/** The user's locations ({id, name}) for the location filter and the add dialog. */
export function useMyLocations() {
  return useQuery({
    queryKey: ['locations', 'concise'],
    queryFn: () => api<{ id: number; name: string }[]>('/api/v2.1/locations/concise_list/'),
    staleTime: 5 * 60_000,
  });
}
