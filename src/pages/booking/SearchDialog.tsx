// Search orders by the customer's phone or name (#39): a phone as people type it (spaces, dashes,
// brackets, 8 or +7) or, when the text holds a letter, a part of the name; searched 500 ms after the
// last key stroke (or at once with the button); a table of order, session date and time, cost and a
// link to the order page; page sizes 10-100 and pagination with ellipsis. Text that can be neither
// empties the table at once: results of an earlier query under it would read as its answer.
import { guestName } from '../../../domain/guest';
import { TruncatedText } from '../../components/TruncatedText';
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, Link, MenuItem, Pagination,
  Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useGetList, useTranslate } from 'react-admin';
import type { LocationRecord } from '../../resources/locations/types';
import dayjs from 'dayjs';
import { DATE_FORMAT, DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { formatAmount, formatMoney, type Currency } from '../../../domain/money';
import { searchQuery } from '../../../domain/orderSearch';
import { languageOf } from '../../i18n/useLanguage';
import { ApiError } from '../../dataProvider/http';
import { useOrderSearch } from './api';
import { readableTime } from '../../../domain/zonedTime';

type Terms = { phone: string } | { name: string };
const sameTerms = (a: Terms | null, b: Terms | null) => JSON.stringify(a) === JSON.stringify(b);

export function SearchDialog({ locationId, currency, onClose }: { locationId: number; currency: Currency | null; onClose: () => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [terms, setTerms] = useState<Terms | null>(null);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const typed = searchQuery(text);
  const rule = 'error' in typed ? typed.error : undefined;
  const wanted: Terms | null = 'error' in typed ? null : typed;
  const run = (next: Terms) => { if (!sameTerms(next, terms)) { setTerms(next); setPage(1); } };

  // Debounced: the search runs 500 ms after the last change of a valid query; an invalid one clears it at once.
  useEffect(() => {
    if (!wanted) { setTerms(null); return undefined; }
    const timer = setTimeout(() => run(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps -- `wanted` is read from `text`

  const search = useOrderSearch(terms, pageSize, (page - 1) * pageSize);
  const data = terms ? search.data : undefined;
  const serverErrors = search.error instanceof ApiError ? (search.error.body?.errors as Record<string, string> | undefined) : undefined;
  const serverError = serverErrors?.phone ?? serverErrors?.name;
  const otherError = search.error && !serverError ? (search.error as Error).message : undefined;
  const shownRule = touched && rule ? translate(rule) : undefined;
  const fieldError = shownRule ?? (sameTerms(terms, wanted) ? serverError : undefined);
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / pageSize));
  const results = data?.results ?? [];
  // Results from several locations (the search covers all of the caller's) say whose each order is,
  // with that location's currency; the caller's locations list is react-admin's cached one.
  const mixed = new Set(results.map((r) => r.location_id)).size > 1 || results.some((r) => r.location_id !== locationId);
  const locations = useGetList<LocationRecord>('locations', { pagination: { page: 1, perPage: 1000 } }, { enabled: mixed });
  const locationOf = new Map((locations.data ?? []).map((l) => [l.id, l]));
  const costOf = (r: (typeof results)[number]) => {
    const lang = languageOf(translate);
    if (r.location_id === locationId) return formatMoney(r.cost, currency, lang);
    const other = locationOf.get(r.location_id);
    return other ? formatMoney(r.cost, other.currency, lang) : formatAmount(r.cost, lang);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="search-title" data-testid="search-dialog">
      <DialogTitle id="search-title">{translate('app.booking.search.title')}</DialogTitle>
      <DialogContent>
        <Box component="form" onSubmit={(e) => { e.preventDefault(); if (wanted) run(wanted); }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
          <TextField
            label={translate('app.booking.search.phone')}
            value={text}
            autoFocus
            onChange={(e) => { setText(e.target.value); setTouched(true); }}
            onBlur={() => setTouched(true)}
            error={!!fieldError}
            helperText={fieldError ?? translate('app.booking.search.hint')}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          />
          <Button type="submit" variant="contained" disabled={!!rule} sx={{ mt: 0.25 }}>
            {search.isFetching ? <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} /> : null}
            {translate('app.booking.search.submit')}
          </Button>
        </Box>
        {otherError && terms && <Alert severity="error" sx={{ mt: 1 }}>{otherError}</Alert>}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="search-count">
              {translate('app.booking.search.found', { smart_count: data.count })}
            </Typography>
            {results.length > 0 && (
              <Table size="small" sx={{ mt: 1 }} data-testid="search-results">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.booking.search.columns.order')}</TableCell>
                    {mixed && <TableCell>{translate('app.booking.search.columns.location')}</TableCell>}
                    <TableCell>{translate('app.booking.search.columns.date')}</TableCell>
                    <TableCell>{translate('app.booking.search.columns.time')}</TableCell>
                    <TableCell align="right">{translate('app.booking.search.columns.cost')}</TableCell>
                    <TableCell>{translate('app.booking.search.columns.link')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {results.map((r) => (
                    <TableRow key={r.order_id} data-order-id={r.order_id}>
                      <TableCell>№{r.order_id}{<Typography component="span" variant="body2" color="text.secondary"> · <TruncatedText text={guestName(r.name, translate)} maxWidth="16em" sx={{ display: 'inline-block', verticalAlign: 'bottom' }} /></Typography>}</TableCell>
                      {mixed && (
                        <TableCell data-testid="search-location">
                          {locationOf.get(r.location_id)?.name ?? `№${r.location_id}`}
                          {r.location_id === locationId && (
                            <Typography component="span" variant="body2" color="text.secondary"> · {translate('app.booking.search.thisLocation')}</Typography>
                          )}
                        </TableCell>
                      )}
                      <TableCell>{r.session_date ? dayjs(r.session_date).format(DATE_FORMAT) : '—'}</TableCell>
                      <TableCell>{r.session_time ? readableTime(r.session_time) : '—'}</TableCell>
                      <TableCell align="right">
                        {costOf(r)}
                      </TableCell>
                      <TableCell>
                        <Link href={`/orders/${r.order_id}`} target="_blank" rel="noopener">
                          {translate('app.booking.search.open')}<OpenInNewIcon sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'middle' }} />
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.5, gap: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={translate('app.booking.search.pageSize')}
                value={pageSize}
                onChange={(e) => { setPageSize(Number(e.target.value)); setPage(1); }}
                sx={{ width: 140 }}
              >
                {PAGE_SIZES.map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
              </TextField>
              <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} color="primary" siblingCount={1} boundaryCount={1} />
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
