// A location's records whose create is a hand-written route, not a declared write (#41): a schedule,
// a booking, a payment on it and a line of the ledger, made through the API as a person with a role
// at the location makes them (the authorisation matrix's victims). The bodies are the shared ones
// (scheduleBuilders.ts, bookingFixture.ts); `tag` starts every text, so an answer that carries one is
// recognised. When the API refuses one, the error says what to change and where.
import type { Harness } from './harness';
import { ALL_DAYS, bookingBody } from './bookingFixture';
import { item, scheduleBody } from './scheduleBuilders';

type Json = Record<string, any>;

export interface LocationRecords {
  schedule: number;
  order: number;
  payment: number;
  transaction: number;
}

/** What a refused create answers, and what to change. */
function refused(what: string, res: { statusCode: number; body: string }, fix: string): Error {
  return new Error(`${what} -> ${res.statusCode} ${res.body.slice(0, 300)}: ${fix}`);
}

/**
 * Makes, at `location` through its routes: a schedule pricing `group`'s sessions from `date`, a
 * booking of the first free session of `playground` (one of `group`) that day, its payment in cash,
 * and a ledger line. `date` must be a day to come at the location (sessions run 10:00-22:00).
 */
export async function makeLocationRecords(h: Harness, token: string, at: { location: number; group: number; playground: number; date: string; tag: string }): Promise<LocationRecords> {
  const call = (method: string, url: string, body?: unknown) => h.call(method, url, { token, body, lang: 'en' });
  const here = 'tests/api/locationRecords.ts';

  const scheduleRes = await call('POST', '/api/v2.1/schedule/', scheduleBody(at.location, at.group, {
    name: `${at.tag} schedule`, start_dt: at.date,
    items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [{ start: '10:00', session_price: '1000', prepayment: 0.5 }] })],
  }));
  if (scheduleRes.statusCode !== 201) {
    throw refused(`POST /api/v2.1/schedule/ (a schedule of group ${at.group} at location ${at.location})`, scheduleRes,
      `make the body valid in ${here} (scheduleBody of tests/api/scheduleBuilders.ts)`);
  }
  const schedule = (scheduleRes.json() as Json).id as number;

  const day = await call('GET', `/api/v2.1/playgrounds/${at.playground}/schedule/?date=${at.date}`);
  const slot = day.statusCode === 200 ? (day.json() as Json[]).find((s) => s.pricing && !s.outside_schedule && !s.archived && s.available_persons > 0) : undefined;
  if (!slot) {
    throw refused(`GET /api/v2.1/playgrounds/${at.playground}/schedule/?date=${at.date} (a priced session with places left, of the schedule just made)`, day,
      `the playground must be in group ${at.group} (its declared create's \`examples\`, server/modules/catalogue/writes.ts) and the schedule in ${here} must price ${at.date}`);
  }

  const bookingRes = await call('POST', '/api/v2.1/booking/', bookingBody(at.playground, slot.time_start, {
    name: `${at.tag} guest`, comment: `${at.tag} comment`, email: `${at.tag.toLowerCase()}.guest@example.com`,
  }));
  if (bookingRes.statusCode !== 201) {
    throw refused(`POST /api/v2.1/booking/ (${slot.time_start} on playground ${at.playground})`, bookingRes,
      `make the booking valid in ${here} (bookingBody of tests/api/bookingFixture.ts: a game, persons, a phone the location asks for)`);
  }
  const order = (bookingRes.json() as Json).id as number;

  const orderRes = await call('GET', `/api/v2.2/orders/${order}/`);
  const purchase = orderRes.statusCode === 200 ? String((orderRes.json() as Json).purchase) : '';
  // #43 Cash lands in an open shift of a till: the first till with one (the declared creates may have opened more).
  const tillsRes = await call('GET', `/api/v2.2/locations/${at.location}/tills/`);
  const till = tillsRes.statusCode === 200
    ? ((tillsRes.json() as Json[]).find((t) => (t.current_shift as Json | null)?.state === 'open')?.id as number | undefined) : undefined;
  const payRes = await call('POST', `/api/v2.1/booking/${order}/pay/`, { payment_type: 2, purchase, external_id: `${at.tag} cash`, ...(till ? { till } : {}) });
  if (payRes.statusCode !== 201) {
    throw refused(`POST /api/v2.1/booking/${order}/pay/ (cash, ${purchase || 'the order\'s price'})`, payRes, `make the payment valid in ${here}`);
  }
  const payment = (payRes.json() as Json).id as number;

  const txRes = await call('POST', '/api/v2.1/transactions/create_transaction/', {
    type: 'refill', amount: '1000', description: `${at.tag} ledger`, number: `${at.tag}-1`, location: at.location,
  });
  if (txRes.statusCode !== 201) {
    throw refused(`POST /api/v2.1/transactions/create_transaction/ (a refill at location ${at.location})`, txRes,
      `make the body valid in ${here}; the caller needs role 40 and transactions.edit at the location`);
  }
  const transaction = (txRes.json() as Json).id as number;

  return { schedule, order, payment, transaction };
}
