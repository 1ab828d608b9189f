// Paths: GET /api/v2.1/dashboards/ (the statistics tabs: id, name, source);
// GET /api/v2.1/dashboards/{id}/source/?location= -> {url} (role id 40 at the location): a signed
// URL, valid DASHBOARD_URL_TTL_SECONDS, of GET /dashboards/{id}/ (the page a tab embeds; no token,
// the signature is its credential; ?date_from&date_to choose the period, default this month to today).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { wallClockNow } from '../../platform/clock';
import { intText, idText } from '../../platform/validation';
import { addDays } from '../../../domain/businessDay';
import { locationNameIn, requireManagerAt } from '../locations/service';
import { averageCheck, locationFacts, occupancy, ordersByTypeAndStatus, paymentsByType, revenuePerDay, type Period } from './data';
import { barChart, errorPage, escapeHtml, heatMap, page, pageTexts, table, type PageLang } from './render';
import { signedQuery, verifySignature } from './signing';
import { formatDay, parseDay } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { fromCents } from '../../../domain/pricing';

export const DASHBOARDS = ['revenue', 'orders', 'occupancy', 'payments', 'average_check'] as const;
type Dashboard = (typeof DASHBOARDS)[number];
const isDashboard = (s: string): s is Dashboard => (DASHBOARDS as readonly string[]).includes(s);
const MAX_PERIOD_DAYS = 366;

const pageQuery = z.object({
  location: idText(),
  expires: intText(z.number().int().positive()),
  signature: z.string().max(128),
  lang: z.enum(['ru', 'en']).optional(),
  // The period as the form sends it: DD.MM.YYYY as shown (or the ISO day); a text that is no day
  // shows the period's error on the page, not a refusal of the link.
  date_from: z.string().max(20).optional(),
  date_to: z.string().max(20).optional(),
});

/** A typed period day as the ISO day; undefined when none was typed, null when the text is no day. */
function periodDay(text: string | undefined): string | null | undefined {
  if (!text?.trim()) return undefined;
  const day = parseDay(text);
  return day && day >= '1900-01-01' && day <= '2999-12-31' ? day : null;
}

/** A period field: DD.MM.YYYY in both languages, whatever the browser's locale (a native date input follows the browser's). */
const dayInput = (name: string, label: string, shown: string, placeholder: string) => `<label>${label} <input type="text" name="${name}" value="${escapeHtml(shown)}"`
  + ` inputmode="numeric" size="10" maxlength="10" placeholder="${placeholder}" pattern="\\d{1,2}\\.\\d{1,2}\\.\\d{4}" autocomplete="off"></label>`;

async function render(deps: Deps, dashboard: Dashboard, locationId: number, lang: PageLang, period: Period, periodOk: boolean, hidden: string, typed: { from: string; to: string }): Promise<string> {
  const t = pageTexts(lang);
  const loc = await locationFacts(deps.db, locationId);
  const form = `<form method="get">${hidden}${dayInput('date_from', t.from, typed.from, t.day_placeholder)}`
    + `${dayInput('date_to', t.to, typed.to, t.day_placeholder)}<button type="submit">${t.show}</button>`
    + (periodOk ? '' : `<p class="error">${t.period_error}</p>`)
    + '</form>';
  const title = t[dashboard];
  // The location as the page's language names it (#18: the English page said "VR Арена Москва").
  const locationName = await locationNameIn(deps.db, locationId, lang);
  if (!periodOk) return page({ lang, title, form, body: '', locationName });
  let body = '';
  // Every amount as the screens write it: grouped, two decimals, the location's currency in its place.
  const money = (amount: string | number) => formatMoney(amount, loc.currency, lang);
  if (dashboard === 'revenue') {
    const rows = await revenuePerDay(deps.db, locationId, loc.tz, period);
    const total = rows.reduce((s, r) => s + Math.round(Number(r.sum) * 100), 0);
    body = barChart(rows.map((r) => ({ label: formatDay(r.day), value: Number(r.sum) })), money)
      + table([t.day, t.count, t.sum], rows.map((r) => [formatDay(r.day), r.count, money(r.sum)]), [t.total, rows.reduce((s, r) => s + r.count, 0), money(fromCents(total))]);
  } else if (dashboard === 'payments') {
    const rows = await paymentsByType(deps.db, locationId, loc.tz, period);
    const total = rows.reduce((s, r) => s + Math.round(Number(r.sum) * 100), 0);
    body = barChart(rows.map((r) => ({ label: t.paymentTypes[r.type] ?? String(r.type), value: Number(r.sum) })), money)
      + table([t.type, t.count, t.sum], rows.map((r) => [t.paymentTypes[r.type] ?? r.type, r.count, money(r.sum)]), [t.total, rows.reduce((s, r) => s + r.count, 0), money(fromCents(total))]);
  } else if (dashboard === 'orders') {
    const rows = await ordersByTypeAndStatus(deps.db, locationId, loc.tz, period);
    const statuses = [...new Set(rows.map((r) => r.status))].sort();
    const types = [...new Set(rows.map((r) => r.type))].sort();
    const count = (type: number | null, status: number | null) => rows.filter((r) => (type === null || r.type === type) && (status === null || r.status === status)).reduce((s, r) => s + r.count, 0);
    body = barChart(statuses.map((s) => ({ label: t.statuses[s] ?? String(s), value: count(null, s) })))
      + table([t.type, ...statuses.map((s) => t.statuses[s] ?? String(s)), t.total],
        types.map((type) => [t.orderTypes[type] ?? type, ...statuses.map((s) => count(type, s)), count(type, null)]),
        [t.total, ...statuses.map((s) => count(null, s)), count(null, null)]);
  } else if (dashboard === 'average_check') {
    const { perDay, total } = await averageCheck(deps.db, locationId, loc.tz, period);
    body = barChart(perDay.map((r) => ({ label: formatDay(r.day), value: Number(r.average) })), money)
      + table([t.day, t.orders_count, t.sum, t.average], perDay.map((r) => [formatDay(r.day), r.count, money(r.sum), r.average ? money(r.average) : '']), [t.total, total.count, money(total.sum), total.average ? money(total.average) : '']);
  } else {
    const pgs = await occupancy(deps.db, locationId, loc.countryId, period);
    body = `<p>${t.occupancy_hint}</p>` + pgs.map((pg) => {
      const sold = pg.cells.reduce((s, c) => s + c.sold, 0);
      const offered = pg.cells.reduce((s, c) => s + c.offered, 0);
      return `<h2>${escapeHtml(pg.playground.name)} — ${offered ? Math.round((sold / offered) * 100) : 0}% (${sold}/${offered})</h2>${heatMap(pg.cells, lang)}`;
    }).join('');
  }
  if (!body) body = `<p>${t.nothing}</p>`;
  return page({ lang, title, form, body, locationName });
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  // No scripts, no external anything; frames of our own origin only.
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'")
    .send(html);
}

export async function dashboardRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['statistics'];

  r.get('/api/v2.1/dashboards/', { schema: { summary: 'The statistics dashboards', tags, querystring: z.strictObject({}),
    answers: { 200: z.array(z.object({ id: z.enum(DASHBOARDS), name: z.string(), source: z.string() })) } } }, async (request) => {
    currentUser(request);
    return DASHBOARDS.map((id) => ({ id, name: pageTexts(request.lang)[id], source: `/api/v2.1/dashboards/${id}/source/` }));
  });

  r.get('/api/v2.1/dashboards/:id/source/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'A dashboard\'s signed page URL for a location', tags, params: z.object({ id: z.string().max(50) }), querystring: z.strictObject({ location: idText() }),
      answers: { 200: z.object({ url: z.string().describe('The signed page URL, valid for DASHBOARD_URL_TTL_SECONDS.') }) } },
  }, async (request) => {
    if (!isDashboard(request.params.id)) throw notFound();
    await requireManagerAt(db, currentUser(request).id, request.query.location);
    const expires = Math.floor(Date.now() / 1000) + config.dashboardUrlTtlSeconds;
    const query = signedQuery(config.dashboardSecret, { dashboard: request.params.id, location: request.query.location, expires });
    return { url: `${config.publicUrl}/dashboards/${request.params.id}/?${query}&lang=${request.lang}` };
  });

  // The page itself: public (a frame sends no token); the signature proves the API gave it out.
  // An HTML page, not an API call: not in the API document (like the widget's and sandbox's pages).
  app.get('/dashboards/:id/', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const parsed = pageQuery.safeParse(request.query);
    const asked = (request.query as { lang?: unknown }).lang;
    const lang: PageLang = asked === 'en' || asked === 'ru' ? asked : request.lang;
    const refuse = () => sendHtml(reply, 403, errorPage(lang, translate(lang, 'dashboard_link_invalid')));
    if (!isDashboard(id) || !parsed.success) return refuse();
    const q = parsed.data;
    if (!verifySignature(config.dashboardSecret, { dashboard: id, location: q.location, expires: q.expires }, q.signature, config.dashboardUrlTtlSeconds)) return refuse();
    const loc = await locationFacts(db, q.location);
    const today = wallClockNow(loc.tz).slice(0, 10);
    const from = periodDay(q.date_from);
    const to = periodDay(q.date_to);
    const period = { from: from ?? `${today.slice(0, 8)}01`, to: to ?? today };
    const periodOk = from !== null && to !== null && period.from <= period.to && addDays(period.from, MAX_PERIOD_DAYS) > period.to;
    // The fields show what was typed when it was no day, so the person sees what to correct.
    const typed = { from: from === null ? q.date_from! : formatDay(period.from), to: to === null ? q.date_to! : formatDay(period.to) };
    const hidden = [['location', q.location], ['expires', q.expires], ['signature', q.signature], ['lang', lang]]
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(String(v))}">`).join('');
    return sendHtml(reply, 200, await render(deps, id, q.location, lang, period, periodOk, hidden, typed));
  });
}
