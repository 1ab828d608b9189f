// The totals row under a list: the sums of its money columns over the whole filtered range, as the
// server computed them (the list's meta, see dataProvider getList), one line per currency, each
// amount through the one money formatter in its currency (the location's unless the sums name one),
// the label saying what they leave out when they leave something out.
import { Box, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ColumnDeclaration } from '../../resources/declaration';
import { MoneyCell } from './columns';

interface Totals { currency: string | null; sums: Record<string, string> }

export function ListTotals({ columns }: { columns: ColumnDeclaration[] }) {
  const translate = useTranslate();
  const { meta, total } = useListContext();
  const totals = (meta?.totals ?? []) as Totals[];
  // What the sums leave out, as the server says it (#39: cancelled orders unless the filter asks for them).
  const note = meta?.totalsNote as string | undefined;
  const label = note ? `${translate('app.records.totals')} (${note})` : translate('app.records.totals');
  const money = columns.filter((c) => c.kind === 'money');
  if (!total || totals.length === 0 || money.length === 0) return null;
  return (
    <Box data-testid="list-totals" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
      {totals.map((t) => (
        <Box key={t.currency ?? ''} data-currency={t.currency ?? ''}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, alignItems: 'baseline' }}>
          <Typography variant="body2" component="span" data-testid="totals-label" sx={{ fontWeight: 600 }}>{label}</Typography>
          {money.filter((c) => c.source in t.sums).map((c) => (
            <Typography key={c.source} variant="body2" component="span" data-testid={`total-${c.source}`} data-value={t.sums[c.source]}>
              {translate(c.label).replace(/\u00ad/g, '')}:{' '}
              <Box component="span" sx={{ fontWeight: 600 }}><MoneyCell value={t.sums[c.source]!} currency={t.currency} /></Box>
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
