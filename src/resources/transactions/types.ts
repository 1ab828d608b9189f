/** The ledger's transaction types (the server's list); refill and refund add, the others take away. */
export const TRANSACTION_TYPES = ['refill', 'chargeoff', 'refund', 'overdraft', 'minimumfee', 'vatfee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Amounts of transactions, refunds and top-ups: at most 8 characters. */
export const AMOUNT_MAX_LENGTH = 8;

export interface TransactionRow {
  id: number; location_id: number; session: string | null; operation_dt: string; description: string; amount: string;
  additional: boolean; total: string; currency: string | null; license: string | null; code: string | null; type: TransactionType;
  user_email: string | null; number: string | null; debt_open: boolean; original_transaction: number | null;
}
