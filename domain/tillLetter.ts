// #43 The daily letter: a location's business day summed up for its administrators, in plain text,
// in the reader's language (ru or en). Pure: built from the daily report (domain/tillReport.ts, read
// by server/modules/till/report.ts dailyReport) with the one money and date formatters; the job
// that sends it is server/modules/till/dailyLetter.ts.
import { formatDay, formatInstant } from './dates';
import type { EnumLabels } from './enumLabels';
import { formatMoney } from './money';
import { toCents } from './pricing';
import { LONG_SHIFT_ALERT, SHIFT_STATE_LABELS } from './till';
import { REPORT_CHANNEL_LABELS, REPORT_LINE_LABELS, REPORT_SECTION_LABELS, type ReportLang, type TillReport } from './tillReport';

/** The letter's own words (the sections and lines reuse the report's). */
export const DAILY_LETTER_WORDS = {
  subject: { ru: 'Дневной отчёт: %{location}, %{date}', en: 'Daily report: %{location}, %{date}' },
  intro: {
    ru: 'Итоги рабочего дня %{date} (с 06:00 до 06:00 следующего дня по времени точки). Это не фискальный документ.',
    en: 'The business day of %{date} (06:00 to 06:00 of the next day, on the location\'s clock). This is not a fiscal document.',
  },
  currency: { ru: 'Валюта: %{code}', en: 'Currency: %{code}' },
  no_currency: { ru: 'Без валюты', en: 'No currency' },
  no_money: { ru: 'Денег за день не было.', en: 'No money this day.' },
  no_shifts: { ru: 'Смен за день не было.', en: 'No shifts this day.' },
  refunds_total: { ru: 'Возвраты', en: 'Refunds' },
  opened: { ru: 'открыта %{at}', en: 'opened %{at}' },
  variance: { ru: 'расхождение: наличные %{cash}, карты %{card}', en: 'variance: cash %{cash}, card %{card}' },
  long_shifts: { ru: 'Смены, открытые больше 23 часов', en: 'Shifts open longer than 23 hours' },
  variance_shifts: { ru: 'Смены с расхождением', en: 'Shifts with a variance' },
  link: { ru: 'Отчёт полностью: %{url}', en: 'The whole report: %{url}' },
} as const satisfies Record<string, { ru: string; en: string }>;

const fill = (text: string, args: Record<string, string | number>) => text.replace(/%\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));

/**
 * The letter of a daily report: its subject and plain text. Money in by payment type, by channel,
 * refunds by tender, certificates, top-ups and test payments apart, the no-shows, each currency apart; the shifts
 * of the day, those open longer than 23 hours with the reminder to close the register's own shift
 * (54-FZ), and those counted with a variance. `url`: the report on the screen.
 */
export function dailyLetter(report: TillReport, lang: ReportLang, paymentTypes: EnumLabels, url?: string): { subject: string; text: string } {
  const W = (k: keyof typeof DAILY_LETTER_WORDS, args: Record<string, string | number> = {}) => fill(DAILY_LETTER_WORDS[k][lang], args);
  const S = (k: keyof typeof REPORT_SECTION_LABELS) => REPORT_SECTION_LABELS[k][lang];
  const L = (k: keyof typeof REPORT_LINE_LABELS) => REPORT_LINE_LABELS[k][lang];
  const type = (t: number) => paymentTypes[t]?.[lang] ?? String(t);
  const day = formatDay(report.date);
  const out: string[] = [W('intro', { date: day }), ''];
  const parts = report.parts.filter(partToTell);
  if (!parts.some(partHasMoney)) out.push(W('no_money'), '');
  for (const p of parts) {
    const m = (amount: string) => formatMoney(amount, p.currency, lang);
    out.push(`== ${p.currency ? W('currency', { code: p.currency.code }) : W('no_currency')} ==`);
    if (partHasMoney(p)) out.push(`${S('money_in')}: ${m(p.money_in.total.net)}`);
    for (const t of ['cash', 'card', 'online', 'bill'] as const) {
      const s = p.money_in[t];
      if (s.count) out.push(`  ${type({ cash: 2, card: 6, online: 1, bill: 4 }[t])}: ${m(s.net)} (${L('taken')} ${m(s.taken)}, ${L('refunded')} ${m(s.refunded)})`);
    }
    if (p.grid.length) {
      out.push(`${S('grid')}:`);
      for (const c of p.grid) out.push(`  ${type(c.payment_type)} / ${REPORT_CHANNEL_LABELS[c.channel][lang]}: ${m(c.net)} (${c.count})`);
    }
    if (p.refunds.length) {
      out.push(`${S('refunds')}:`);
      for (const r of p.refunds) out.push(`  ${type(r.payment_type)}: ${m(r.amount)} (${r.count})`);
    }
    const sold = p.certificates.sold;
    if (sold.count) out.push(`${S('certificates_sold')}: ${m(sold.amount)} (${sold.count})`);
    if (p.certificates.redeemed.count) out.push(`${S('certificates_redeemed')}: ${m(p.certificates.redeemed.net)} (${p.certificates.redeemed.count})`);
    if (p.top_ups.count) out.push(`${S('top_ups')}: ${m(p.top_ups.net)} (${p.top_ups.count})`);
    if (p.tests.count) out.push(`${S('tests')}: ${m(p.tests.amount)} (${p.tests.count})`);
    // #44 The day's no-shows: how many orders nobody came to, and what they were worth (no money moved).
    if (p.no_shows.count) out.push(`${S('no_shows')}: ${m(p.no_shows.amount)} (${p.no_shows.count})`);
    const moved = p.movements;
    if (toCents(moved.paid_in) || toCents(moved.paid_out) || toCents(moved.drops)) {
      out.push(`${S('movements')}: ${L('paid_in')} ${m(moved.paid_in)}, ${L('paid_out')} ${m(moved.paid_out)}, ${L('drops')} ${m(moved.drops)}`);
    }
    out.push('');
  }
  const cur = report.location.currency;
  const tz = report.location.timezone;
  out.push(`== ${S('shifts')} ==`);
  if (!report.shifts.length) out.push(W('no_shifts'));
  for (const s of report.shifts) {
    out.push(`${s.till.name} №${s.id}: ${SHIFT_STATE_LABELS[s.state][lang]}, ${W('opened', { at: formatInstant(s.opened_at, tz) })}`
      + (s.with_variance ? `; ${W('variance', { cash: formatMoney(s.variance_cash ?? '0', cur, lang), card: formatMoney(s.variance_card ?? '0', cur, lang) })}` : '')
      + (s.register_difference !== null && toCents(s.register_difference) !== 0 ? `; ${L('register_difference')}: ${formatMoney(s.register_difference, cur, lang)}` : ''));
  }
  // Still open (or waiting): the alert with the reminder; closed after more than 23 hours: named.
  const long = report.shifts.filter((s) => s.open_too_long);
  if (long.length) {
    out.push('', `${W('long_shifts')}:`);
    for (const s of long) out.push(s.state === 'closed' ? `  ${s.till.name} №${s.id}: ${L('open_too_long')}` : `  ! ${fill(LONG_SHIFT_ALERT[lang], { id: s.id })}`);
  }
  const varied = report.shifts.filter((s) => s.with_variance);
  if (varied.length) {
    out.push('', `${W('variance_shifts')}:`);
    for (const s of varied) {
      out.push(`  ${s.till.name} №${s.id}: ${W('variance', { cash: formatMoney(s.variance_cash ?? '0', cur, lang), card: formatMoney(s.variance_card ?? '0', cur, lang) })}`);
    }
  }
  if (url) out.push('', W('link', { url }));
  return { subject: W('subject', { location: report.location.name, date: day }), text: `${out.join('\n')}\n` };
}

type Part = TillReport['parts'][number];
/** A currency's part holds something: payments (any), certificates sold, test payments or cash moved by hand. */
const partHasMoney = (p: Part): boolean => p.grid.length > 0 || p.certificates.sold.count > 0 || p.tests.count > 0 || p.top_ups.count > 0
  || [p.movements.paid_in, p.movements.paid_out, p.movements.drops].some((a) => toCents(a) !== 0);

/** A currency's part the letter shows: one with money, or with no-shows (a day nobody came to is news too). */
const partToTell = (p: Part): boolean => partHasMoney(p) || p.no_shows.count > 0;

/** Whether a day had anything to tell: money or no-shows in any currency, or a shift. An empty day sends no letter. */
export const dailyLetterWorthSending = (report: TillReport): boolean => report.parts.some(partToTell) || report.shifts.length > 0;
