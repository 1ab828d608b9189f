// What a table of the tools page shows before its rows: a spinner, the error, or "nothing yet".
import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

export function QueryState<T>({ query, empty, children }: {
  query: UseQueryResult<T[]>;
  /** Message key shown when the list is empty. */
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const translate = useTranslate();
  if (query.isError) return <Alert severity="error">{(query.error as Error).message}</Alert>;
  if (!query.data) return <Box sx={{ py: 2, textAlign: 'center' }}><CircularProgress size={24} /></Box>;
  if (query.data.length === 0) return <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>{translate(empty)}</Typography>;
  return <>{children(query.data)}</>;
}
