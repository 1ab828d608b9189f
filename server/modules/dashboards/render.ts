// The dashboard pages: plain server-rendered HTML with inline SVG charts (no script, no CDN), so a
// frame shows them as they are. Every text from the data is escaped; the page's CSP allows nothing
// but its own inline styles and the period form posting back to itself.
import type { OccupancyCell } from './data';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, PAYMENT_TYPE_LABELS, type EnumLabels } from '../../../domain/enumLabels';

export type PageLang = 'ru' | 'en';

const T = {
  ru: {
    revenue: 'Выручка по дням', orders: 'Заказы по типу и статусу', occupancy: 'Загрузка площадок', payments: 'Платежи по типу',
    average_check: 'Средний чек', from: 'С', to: 'По', day_placeholder: 'ДД.ММ.ГГГГ', show: 'Показать', day: 'День', count: 'Количество', sum: 'Сумма', total: 'Итого',
    type: 'Тип', status: 'Статус', average: 'Средний чек', orders_count: 'Заказов', nothing: 'За этот период данных нет.',
    weekdays: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'], hour: 'Час', occupancy_hint: 'Доля проданных мест среди предложенных сеансов, по дню недели и часу начала.',
    period_error: 'Введите даты в виде ДД.ММ.ГГГГ; дата окончания не раньше даты начала, период не длиннее 366 дней.',
  },
  en: {
    revenue: 'Revenue per day', orders: 'Orders by type and status', occupancy: 'Playground occupancy', payments: 'Payments by type',
    average_check: 'Average check', from: 'From', to: 'To', day_placeholder: 'DD.MM.YYYY', show: 'Show', day: 'Day', count: 'Count', sum: 'Amount', total: 'Total',
    type: 'Type', status: 'Status', average: 'Average check', orders_count: 'Orders', nothing: 'No data for this period.',
    weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], hour: 'Hour', occupancy_hint: 'Share of places sold among the sessions offered, by weekday and start hour.',
    period_error: 'Enter the dates as DD.MM.YYYY; the end date not before the start date, the period at most 366 days.',
  },
};
/** The words of a code dictionary in one language (code -> label). */
const wordsOf = (labels: EnumLabels, lang: PageLang): Record<number, string> =>
  Object.fromEntries(Object.entries(labels).map(([code, label]) => [code, label[lang]]));

/**
 * The page's texts. Order types, order statuses and payment types are the one enum dictionary's
 * words (domain/enumLabels.ts, which the screens' i18n labels are held to): a code never reads
 * one way in a list and another on a dashboard (#18).
 */
export const pageTexts = (lang: PageLang) => ({
  ...T[lang],
  orderTypes: wordsOf(ORDER_TYPE_LABELS, lang),
  statuses: wordsOf(ORDER_STATUS_LABELS, lang),
  paymentTypes: wordsOf(PAYMENT_TYPE_LABELS, lang),
});

export const escapeHtml = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A vertical bar chart. `valueText` writes a value as the page does (money through the one
 * formatter; counts as they are), on the axis and in each bar's title. The margins are made for the
 * texts: the axis's widest value on the left, the longest slanted bar label below (a fixed 22 px
 * cut every date label to "1.2026").
 */
export function barChart(bars: { label: string; value: number }[], valueText: (value: number) => string = String): string {
  if (!bars.length) return '';
  const max = Math.max(...bars.map((b) => b.value), 1);
  const charWidth = 7; // 10 px system-ui, generously (Cyrillic runs wider than Latin)
  // A label slants down to the left from under its bar: as far below as to the left.
  const slant = (label: string) => Math.ceil(label.length * charWidth * Math.SQRT1_2);
  const w = Math.max(24, Math.min(60, Math.floor(900 / bars.length)));
  const left = Math.max(50, Math.ceil(valueText(max).length * charWidth) + 12, slant(bars[0]!.label) - w / 2 + 8);
  const below = Math.max(...bars.map((b) => slant(b.label))) + 16;
  const plot = 170;
  const height = 10 + plot + below;
  const width = left + bars.length * w + 10;
  const parts = bars.map((b, i) => {
    const h = Math.round((b.value / max) * plot);
    const x = left + i * w;
    const labelY = 10 + plot + 14;
    return `<g><rect x="${x + 2}" y="${10 + plot - h}" width="${w - 4}" height="${h}" fill="#3f6fd8"><title>${escapeHtml(b.label)}: ${escapeHtml(valueText(b.value))}</title></rect>`
      + `<text x="${x + w / 2}" y="${labelY}" font-size="10" text-anchor="end" transform="rotate(-45 ${x + w / 2} ${labelY})">${escapeHtml(b.label)}</text></g>`;
  });
  // An image needs a name (axe svg-img-alt, #18): the bars' own labels and values.
  const name = escapeHtml(bars.map((b) => `${b.label}: ${valueText(b.value)}`).join(', '));
  return `<svg role="img" aria-label="${name}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`
    + `<line x1="${left - 2}" y1="10" x2="${left - 2}" y2="${10 + plot}" stroke="#999"/><text x="${left - 6}" y="18" font-size="10" text-anchor="end">${escapeHtml(valueText(max))}</text>`
    + `<text x="${left - 6}" y="${10 + plot}" font-size="10" text-anchor="end">${escapeHtml(valueText(0))}</text>${parts.join('')}</svg>`;
}

/** A weekday x hour heat map of one playground's occupancy. */
export function heatMap(cells: OccupancyCell[], lang: PageLang): string {
  const t = T[lang];
  // Business hours run 06..05: a night hour belongs to the day before.
  const hours = [...Array(24).keys()].map((i) => (i + 6) % 24).filter((h) => cells.some((c) => c.hour === h));
  if (!hours.length) return `<p>${t.nothing}</p>`;
  const cw = 34, ch = 24, left = 40, top = 20;
  const rects: string[] = [];
  for (let d = 1; d <= 7; d++) {
    rects.push(`<text x="${left - 6}" y="${top + (d - 1) * ch + 16}" font-size="11" text-anchor="end">${t.weekdays[d - 1]}</text>`);
    hours.forEach((hour, i) => {
      const cell = cells.find((c) => c.weekday === d && c.hour === hour);
      const share = cell && cell.offered ? cell.sold / cell.offered : null;
      const fill = share === null ? '#f3f3f3' : `hsl(220, 70%, ${Math.round(95 - share * 55)}%)`;
      const label = share === null ? '' : `${Math.round(share * 100)}`;
      rects.push(`<rect x="${left + i * cw}" y="${top + (d - 1) * ch}" width="${cw - 2}" height="${ch - 2}" fill="${fill}">`
        + `<title>${t.weekdays[d - 1]} ${hour}:00 — ${cell ? `${cell.sold}/${cell.offered}` : '—'}</title></rect>`
        + (label ? `<text x="${left + i * cw + cw / 2 - 1}" y="${top + (d - 1) * ch + 16}" font-size="10" text-anchor="middle">${label}%</text>` : ''));
    });
  }
  hours.forEach((hour, i) => rects.push(`<text x="${left + i * cw + cw / 2}" y="${top - 6}" font-size="10" text-anchor="middle">${hour}</text>`));
  const width = left + hours.length * cw + 10;
  return `<svg role="img" aria-label="${lang === 'ru' ? 'Загрузка по дням недели и часам' : 'Occupancy by weekday and hour'}" width="${width}" height="${top + 7 * ch + 10}" xmlns="http://www.w3.org/2000/svg">${rects.join('')}</svg>`;
}

export function table(head: string[], rows: (string | number)[][], foot?: (string | number)[]): string {
  const tr = (cells: (string | number)[], tag: string) => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return `<table><thead>${tr(head, 'th')}</thead><tbody>${rows.map((r) => tr(r, 'td')).join('')}</tbody>${foot ? `<tfoot>${tr(foot, 'th')}</tfoot>` : ''}</table>`;
}

export function page(o: { lang: PageLang; title: string; form: string; body: string; locationName: string }): string {
  return `<!doctype html><html lang="${o.lang}"><head><meta charset="utf-8"><title>${escapeHtml(o.title)}</title>`
    + '<style>body{font:14px system-ui,sans-serif;margin:16px;color:#222}table{border-collapse:collapse;margin:12px 0}'
    + 'td,th{border:1px solid #ddd;padding:4px 8px;text-align:right}th{background:#f5f5f5}td:first-child,th:first-child{text-align:left}'
    + 'form{margin:0 0 12px}label{margin-right:8px}.error{color:#b00020}h2{font-size:16px;margin:16px 0 4px}'
    // The period form in the app's look (its primary colour, rounded fields), not the browser's bare controls.
    + 'input{font:inherit;padding:5px 8px;border:1px solid #9e9e9e;border-radius:4px}input:focus{outline:2px solid #3949ab;outline-offset:-1px}'
    + 'button{font:inherit;font-weight:500;padding:6px 14px;border:0;border-radius:4px;background:#3949ab;color:#fff;cursor:pointer;text-transform:uppercase;letter-spacing:.03em}</style></head>'
    + `<body><h1 style="font-size:18px">${escapeHtml(o.title)} · ${escapeHtml(o.locationName)}</h1>${o.form}${o.body}</body></html>`;
}

export function errorPage(lang: PageLang, message: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>403</title></head>`
    + `<body style="font:14px system-ui,sans-serif;margin:16px"><p class="error">${escapeHtml(message)}</p></body></html>`;
}
