// #43 A till report on screen and on paper (the shift's and the daily one share it): each currency
// apart, money in, the payment type x channel table, by staff member, refunds by tender, discounts and
// promo codes, certificates sold and redeemed, top-ups and test payments apart, cash moved by hand, a day's no-shows (#44),
// then the shifts with their figures and flags. Money and dates through the one formatter. Printed in
// two layouts: A4 and an 80 mm receipt roll (`layout`; the print view adds the @page size and hides
// everything of the app but the report while printing).
import type { ReactNode } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDay, formatInstant } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { toCents } from '../../../domain/pricing';
import type { Sums, TillReport } from '../../../domain/tillReport';
import { apiFile, saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { languageOf } from '../../i18n/useLanguage';

export type PrintLayout = 'a4' | '80mm';

/** The page each layout prints on, and the report's width on it. */
const PAGE: Record<PrintLayout, { size: string; margin: string; width: string; font: string }> = {
  a4: { size: 'A4', margin: '12mm', width: '186mm', font: '11pt' },
  '80mm': { size: '80mm auto', margin: '3mm', width: '72mm', font: '8pt' },
};

/** The paper's box of a print view: the layout's width and type size (on screen too, so the view shows what prints). */
export const paperSx = (layout: PrintLayout) => ({ width: PAGE[layout].width, fontSize: PAGE[layout].font, bgcolor: 'background.paper', color: 'text.primary' });

/** While printing only the report is on the paper, in its layout's page size. */
export function PrintStyle({ layout }: { layout: PrintLayout }) {
  const page = PAGE[layout];
  return (
    <style data-testid="till-report-print-style">{`
@page { size: ${page.size}; margin: ${page.margin}; }
@media print {
  body * { visibility: hidden; }
  .till-report-paper, .till-report-paper * { visibility: visible; }
  .till-report-paper { position: absolute; left: 0; top: 0; }
  .till-report-no-print { display: none !important; }
}`}
    </style>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ mb: 2, breakInside: 'avoid' }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, fontSize: '1.05em', mb: 0.5 }}>{title}</Typography>
      {children}
    </Box>
  );
}

const cellSx = { px: 0.5, py: 0.25, fontSize: 'inherit', lineHeight: 1.3 } as const;

function Grid({ head, rows, testId }: { head: string[]; rows: { key: string; cells: ReactNode[]; strong?: boolean }[]; testId?: string }) {
  return (
    <Table size="small" sx={{ '& td, & th': cellSx, '& td:not(:first-of-type)': { whiteSpace: 'nowrap' }, tableLayout: 'auto', width: '100%' }} data-testid={testId}>
      <TableHead><TableRow>{head.map((h, i) => <TableCell key={h} align={i === 0 ? 'left' : 'right'}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key} data-testid={`${testId}-row`}>
            {r.cells.map((c, i) => <TableCell key={i} align={i === 0 ? 'left' : 'right'} sx={r.strong ? { fontWeight: 600 } : undefined}>{c}</TableCell>)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function TillReportView({ report, layout }: { report: TillReport; layout?: PrintLayout }) {
  const translate = useTranslate();
  const lang = languageOf(translate);
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.tillReport.${key}`, args);
  const tz = report.location.timezone;
  const type = (n: number) => translate(`app.paymentTypes.t${n}`, { _: String(n) });
  const compact = layout === '80mm';
  return (
    <Box data-testid="till-report" data-layout={layout ?? 'screen'} sx={layout ? undefined : { fontSize: '0.95rem' }}>
      <Typography sx={{ fontSize: '0.9em' }}>{t('location', { name: report.location.name })}</Typography>
      <Typography sx={{ fontSize: '0.9em' }} data-testid="till-report-period">
        {report.kind === 'daily' && report.date ? `${t('date')}: ${formatDay(report.date)}. ` : ''}
        {report.to ? t('period', { from: formatInstant(report.from, tz), to: formatInstant(report.to, tz) }) : t('periodOpen', { from: formatInstant(report.from, tz) })}
      </Typography>
      <Typography sx={{ fontSize: '0.85em', mb: 1 }} color="text.secondary">{t('generated', { at: formatInstant(report.generated_at, tz) })} · {t('notFiscal')}</Typography>
      {report.parts.map((p) => {
        const money = (v: string) => formatMoney(v, p.currency, lang);
        // The 80 mm roll has room for the count and the net only (the files and A4 carry all three amounts).
        const sums = (s: Sums) => (compact ? [s.count, money(s.net)] : [s.count, money(s.taken), money(s.refunded), money(s.net)]);
        const sumsHead = compact ? [t('count'), t('net')] : [t('count'), t('taken'), t('refunded'), t('net')];
        const code = p.currency?.code ?? '—';
        return (
          <Box key={code} data-testid="till-report-part" data-currency={code} sx={{ mb: 1 }}>
            {report.parts.length > 1 && <Typography variant="h6" component="h2" sx={{ fontSize: '1.15em', mt: 1 }}>{t('currency', { currency: code })}</Typography>}
            <Section title={t('sections.money_in')} testId="till-report-money-in">
              <Grid head={['', ...sumsHead]} testId="till-report-money-in" rows={[
                ...(['cash', 'card', 'online', 'bill'] as const).map((k) => ({ key: k, cells: [type({ cash: 2, card: 6, online: 1, bill: 4 }[k]), ...sums(p.money_in[k])] })),
                { key: 'total', strong: true, cells: [t('lines.total'), ...sums(p.money_in.total)] },
              ]} />
            </Section>
            {p.grid.length > 0 && (
              <Section title={t('sections.grid')} testId="till-report-grid">
                <Grid head={[t('paymentType'), t('channel'), ...sumsHead]} testId="till-report-grid" rows={p.grid.map((c) => ({
                  key: `${c.payment_type}:${c.channel}`, cells: [type(c.payment_type), t(`channels.${c.channel}`), ...sums(c)],
                }))} />
              </Section>
            )}
            {p.by_staff.length > 0 && (
              <Section title={t('sections.by_staff')} testId="till-report-staff">
                <Grid head={[t('staff'), ...sumsHead]} rows={p.by_staff.map((s) => ({ key: String(s.user?.id ?? 0), cells: [s.user?.name ?? t('lines.nobody'), ...sums(s)] }))} />
              </Section>
            )}
            {p.refunds.length > 0 && (
              <Section title={t('sections.refunds')} testId="till-report-refunds">
                <Grid head={[t('paymentType'), t('count'), t('amount')]} rows={p.refunds.map((r) => ({ key: String(r.payment_type), cells: [type(r.payment_type), r.count, money(r.amount)] }))} />
              </Section>
            )}
            {p.discounts.orders > 0 && (
              <Section title={t('sections.discounts')} testId="till-report-discounts">
                <Grid head={[t('promocode'), t('orders'), t('amount')]} rows={[
                  ...p.discounts.by_promocode.map((d) => ({ key: d.promocode ?? '', cells: [d.promocode ?? t('lines.no_promocode'), d.orders, money(d.amount)] })),
                  { key: 'total', strong: true, cells: [t('lines.total'), p.discounts.orders, money(p.discounts.amount)] },
                ]} />
              </Section>
            )}
            {(p.certificates.sold.count > 0 || p.certificates.redeemed.count > 0) && (
              <Section title={`${t('sections.certificates_sold')} · ${t('sections.certificates_redeemed')}`} testId="till-report-certificates">
                <Grid head={['', t('count'), t('amount')]} rows={[
                  { key: 'sold', strong: true, cells: [t('sections.certificates_sold'), p.certificates.sold.count, money(p.certificates.sold.amount)] },
                  ...p.certificates.sold.by_seller.map((s) => ({ key: `s${s.user?.id ?? 0}`, cells: [`${t('seller')}: ${s.user?.name ?? '—'}`, s.count, money(s.amount)] })),
                  { key: 'redeemed', strong: true, cells: [t('sections.certificates_redeemed'), p.certificates.redeemed.count, money(p.certificates.redeemed.net)] },
                ]} />
              </Section>
            )}
            {(p.top_ups.count > 0 || p.tests.count > 0) && (
              <Section title={`${t('sections.top_ups')} · ${t('sections.tests')}`} testId="till-report-apart">
                <Grid head={['', t('count'), t('amount')]} rows={[
                  { key: 'topups', cells: [t('sections.top_ups'), p.top_ups.count, money(p.top_ups.net)] },
                  { key: 'tests', cells: [t('sections.tests'), p.tests.count, money(p.tests.amount)] },
                ]} />
              </Section>
            )}
            {(toCents(p.movements.paid_in) > 0 || toCents(p.movements.paid_out) > 0 || toCents(p.movements.drops) > 0) && (
              <Section title={t('sections.movements')} testId="till-report-movements">
                <Grid head={['', t('amount')]} rows={(['paid_in', 'paid_out', 'drops'] as const).map((k) => ({ key: k, cells: [t(`lines.${k}`), money(p.movements[k])] }))} />
              </Section>
            )}
            {/* #44 The day's orders nobody came to, and what they were sold for (no money moved). */}
            {report.kind === 'daily' && (p.no_shows?.count ?? 0) > 0 && (
              <Section title={t('sections.no_shows')} testId="till-report-no-shows">
                <Grid head={['', t('orders'), t('amount')]} testId="till-report-no-shows" rows={[
                  { key: 'total', strong: true, cells: [t('lines.total'), p.no_shows.count, money(p.no_shows.amount)] },
                ]} />
              </Section>
            )}
          </Box>
        );
      })}
      <Section title={t(report.kind === 'shift' ? 'sections.shift' : 'sections.shifts')} testId="till-report-shifts">
        {report.shifts.length === 0 && <Typography sx={{ fontSize: '0.9em' }}>{t('noShifts')}</Typography>}
        {report.shifts.map((s) => {
          const money = (v: string | null) => (v === null ? '—' : formatMoney(v, report.location.currency, lang));
          const line = (key: string, v: string | null, testId?: string) => ({ key, cells: [t(`lines.${key}`), <span key={key} data-testid={testId}>{money(v)}</span>] });
          return (
            <Box key={s.id} sx={{ mb: 1.5, breakInside: 'avoid' }} data-testid="till-report-shift" data-shift={s.id}>
              <Typography sx={{ fontWeight: 600, fontSize: '0.95em' }}>
                {s.till.name} №{s.id} · {translate(`app.till.states.${s.state}`)}
              </Typography>
              <Typography sx={{ fontSize: '0.85em' }}>
                {t('opened')}: {formatInstant(s.opened_at, tz)}{s.opened_by ? ` (${s.opened_by.name})` : ''}
                {s.closed_at ? ` · ${t('closed')}: ${formatInstant(s.closed_at, tz)}` : ''}
              </Typography>
              {(s.open_too_long || s.with_variance) && (
                <Stack direction="row" spacing={0.5} sx={{ my: 0.5, flexWrap: 'wrap' }}>
                  {s.open_too_long && <Chip size="small" color="warning" label={t('lines.open_too_long')} data-testid="till-report-long" />}
                  {s.with_variance && <Chip size="small" color="error" label={t('lines.with_variance')} data-testid="till-report-variance" />}
                </Stack>
              )}
              <Grid head={['', t('amount')]} testId="till-report-figures" rows={[
                line('float', s.float),
                ...(s.float_suggested !== null && s.float_suggested !== s.float ? [line('float_suggested', s.float_suggested)] : []),
                line('expected_cash', s.expected_cash, 'till-report-expected-cash'), line('counted_cash', s.counted_cash), line('variance_cash', s.variance_cash, 'till-report-variance-cash'),
                line('expected_card', s.expected_card), line('counted_card', s.counted_card), line('variance_card', s.variance_card),
                // #43 The register's own revenue, when the cashier entered it, against the desk's cash and card.
                ...(s.register_revenue !== null ? [line('register_revenue', s.register_revenue), line('desk_revenue', s.desk_revenue),
                  line('register_difference', s.register_difference, 'till-report-register-difference')] : []),
              ]} />
            </Box>
          );
        })}
      </Section>
    </Box>
  );
}

/** The buttons of a report's screen: print in either layout (its print view), and the files. */
export function ReportActions({ path, printTo, file }: { path: string; printTo: (layout: PrintLayout) => void; file: string; query?: Record<string, string> }) {
  const translate = useTranslate();
  const run = useGenericHandler();
  const download = (format: 'csv' | 'xlsx') => run(async () => {
    const [base, search] = path.split('?');
    const query = Object.fromEntries(new URLSearchParams(search ?? ''));
    const { blob, fileName } = await apiFile(base!, { ...query, format });
    saveBlob(blob, fileName ?? `${file}.${format}`);
  });
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, my: 1 }} className="till-report-no-print">
      <Button variant="outlined" size="small" onClick={() => printTo('a4')} data-testid="till-report-print-a4">{translate('app.tillReport.printA4')}</Button>
      <Button variant="outlined" size="small" onClick={() => printTo('80mm')} data-testid="till-report-print-80mm">{translate('app.tillReport.print80')}</Button>
      <Button variant="outlined" size="small" onClick={() => void download('csv')} data-testid="till-report-csv">{translate('app.tillReport.csv')}</Button>
      <Button variant="outlined" size="small" onClick={() => void download('xlsx')} data-testid="till-report-xlsx">{translate('app.tillReport.xlsx')}</Button>
    </Stack>
  );
}

/** The print view's own bar (not printed): print now, or back to the report. */
export function PrintBar({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }} className="till-report-no-print">
      <Button variant="contained" size="small" onClick={() => window.print()} data-testid="till-report-print">{translate('app.tillReport.print')}</Button>
      <Button size="small" onClick={onBack} data-testid="till-report-back">{translate('app.tillReport.back')}</Button>
    </Stack>
  );
}

/** A refusal of the report (blind before the count, gone) in the server's words. */
export function ReportError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return <Alert severity="warning" data-testid="till-report-error">{message}</Alert>;
}
