// The order page's tables (its log, payments, provider refunds, messages): one card with a heading,
// a placeholder while loading, the empty text, or a small table under its column heads.
import type { ReactNode } from 'react';
import { Card, CardContent, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';

export interface OrderTableColumn { label: string; align?: 'right' }

export function OrderTableCard({ title, columns, rows, pending = false, empty, cardTestId, tableTestId, last = false }: {
  title: string;
  columns: OrderTableColumn[];
  /** The table's rows; none shows `empty`. */
  rows: ReactNode[];
  pending?: boolean;
  empty: string;
  cardTestId?: string;
  tableTestId?: string;
  /** The page's last card (no margin under it). */
  last?: boolean;
}) {
  return (
    <Card sx={last ? undefined : { mb: 2 }} data-testid={cardTestId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
        {pending ? <Skeleton variant="rounded" height={60} /> : rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" data-testid={tableTestId}>
              <TableHead>
                <TableRow>{columns.map((c) => <TableCell key={c.label} align={c.align}>{c.label}</TableCell>)}</TableRow>
              </TableHead>
              <TableBody>{rows}</TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
