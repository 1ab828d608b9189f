/** The ledger's transaction types (the server's list); refill and refund add, the others take away. */
export const TRANSACTION_TYPES = ['refill', 'chargeoff', 'refund', 'overdraft', 'minimumfee', 'vatfee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
