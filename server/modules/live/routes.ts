// Paths of the live desk (issue #17):
// POST /api/v2.1/locations/{id}/events/ticket/ (a role at the location): a stream ticket, see tickets.ts.
// GET  /api/v2.1/locations/{id}/events/?ticket=... : the location's events as Server-Sent Events
//   (`event: change`, `id:` its sequence number, `data:` domain/liveEvents.ts LiveEvent), only the
//   kinds the user may see. `Last-Event-ID` (or `last_event_id`, for a stream opened anew) resumes
//   after that number; without it the stream starts now. `event: reset` says the missed events
//   have expired (reload everything). A `ping` every PING_MS carries the cursor past unseen kinds.
// GET  /api/v2.1/events/?tickets=a,b,... : the same for several locations in one stream (the screens
//   that span locations, one connection per tab), one ticket per location, each authorised as above.
//   The `id:` is the position in every location ("1:35,2:12", domain/liveEvents.ts), and so is
//   `last_event_id`; a location without a position starts now.
// The grant is read again at once when a revocation is committed (its role at the location removed
// or lowered, a permission taken, the user deactivated, the token revoked: access.ts), and every
// LIVE_ACCESS_CHECK_SECONDS: a stream whose user lost a location, or whose token was revoked, ends; a
// narrower grant narrows the kinds sent from then on.
// A user holds at most LIVE_STREAMS_PER_USER streams on a process and TICKETS_PER_USER unspent tickets:
// above, 429 with a `detail` (the app backs off, src/live/connection.ts).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { ApiError, notAuthenticated } from '../../platform/errors';
import { idParam } from '../../platform/validation';
import { requireRoleAt } from '../locations/service';
import {
  LIVE_STREAM_CHANGE, LIVE_STREAM_MAX_LOCATIONS, LIVE_STREAM_RESET, formatStreamPosition, mayReceive, parseStreamPosition,
} from '../../../domain/liveEvents';
import { LiveHub, type StoredEvent } from './hub';
import { issueTicket, redeemTicket, type StreamGrant } from './tickets';
import { StreamAccess } from './access';

const PING_MS = 15_000;
/** A stream ends after this and the app opens another with a new ticket (its grant is re-read meanwhile: access.ts). */
const STREAM_MAX_MS = 30 * 60_000;
/** The browser's wait before it reconnects by itself. */
const RETRY_MS = 1_000;

/** The stream's answer in the API document: Server-Sent Events until the client goes. */
const EVENT_STREAM = {
  description: 'Server-Sent Events: `id:` the stream position, `data:` one change as JSON.',
  content: { 'text/event-stream': { schema: z.string() } },
};

export async function liveRoutes(app: FastifyInstance, { db, pool, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];
  const params = z.object({ id: idParam });
  const hub = new LiveHub(pool, app.log, config.databaseListenUrl);
  const lifetimes = { idleDays: config.tokenIdleDays, maxAgeDays: config.tokenMaxAgeDays };
  const access = new StreamAccess(db, lifetimes, config.liveAccessCheckSeconds * 1000, app.log);
  // A revocation committed anywhere (access.ts, migration 0012) reaches this process's streams at once.
  hub.onAccessChange = (userId) => access.changed(userId);
  hub.onListening = () => void access.check();
  const open = new Set<ServerResponse>();
  /** Streams open here per user: at most config.liveStreamsPerUser (one cashier opened 500 in 21 s). */
  const openByUser = new Map<number, number>();
  const streamsFull = (userId: number) => (openByUser.get(userId) ?? 0) >= config.liveStreamsPerUser;
  const tooManyStreams = () => new ApiError(429, { key: 'live_streams_limit', params: { max: config.liveStreamsPerUser } });
  // Before the server closes: end the streams (the browsers reconnect, to another process if this one stops).
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', async () => {
    access.close();
    await hub.close();
  });

  r.post('/api/v2.1/locations/:id/events/ticket/', {
    config: { records: { activity: { none: 'a ticket for the live stream: nothing changes' } }, throttled: true },
    schema: {
      summary: 'A ticket to open the location\'s event stream (single use, one minute)', tags, params,
      answers: { 200: z.object({ ticket: z.string(), expires_in: z.number().int().describe('Seconds.') }) },
    },
  }, async (request) => {
    const user = currentUser(request);
    await requireRoleAt(db, user.id, request.params.id);
    // The stream it is for would be refused: say so now, before a ticket is spent on it.
    if (streamsFull(user.id)) throw tooManyStreams();
    return issueTicket(db, user, request.params.id);
  });

  r.get('/api/v2.1/locations/:id/events/', {
    // Not the token: the ticket (an EventSource sends no headers of ours).
    config: { public: true, throttled: true, authenticates: true },
    schema: {
      summary: 'The location\'s changes as Server-Sent Events',
      tags, params,
      querystring: z.strictObject({ ticket: z.string().max(200).optional(), last_event_id: z.string().max(30).optional() }),
      answers: { 200: EVENT_STREAM },
    },
  }, async (request, reply) => {
    const locationId = request.params.id;
    if (!request.query.ticket) throw notAuthenticated();
    const grant = await redeemTicket(db, request.query.ticket, locationId, lifetimes);
    if (!grant) throw new ApiError(401, { key: 'invalid_ticket' });
    const lastId = Number(request.headers['last-event-id'] ?? request.query.last_event_id);
    const resume = new Map<number, number>(Number.isSafeInteger(lastId) && lastId >= 0 ? [[locationId, lastId]] : []);
    await stream(request, reply, [grant], resume, (cursors) => String(cursors.get(locationId)));
  });

  r.get('/api/v2.1/events/', {
    config: { public: true, throttled: true, authenticates: true },
    schema: {
      summary: 'The changes of several locations as one Server-Sent Events stream (a ticket per location)',
      tags,
      querystring: z.strictObject({
        // At most LIVE_STREAM_MAX_LOCATIONS tickets of 48 characters fit.
        tickets: z.string().max(LIVE_STREAM_MAX_LOCATIONS * 49).optional(),
        last_event_id: z.string().max(LIVE_STREAM_MAX_LOCATIONS * 28).optional(),
      }),
      answers: { 200: EVENT_STREAM },
    },
  }, async (request, reply) => {
    const tickets = [...new Set((request.query.tickets ?? '').split(',').filter(Boolean))];
    if (!tickets.length) throw notAuthenticated();
    // Every ticket is spent (none can be replayed), and one that does not hold refuses the stream.
    const grants = await Promise.all(tickets.map((t) => redeemTicket(db, t, null, lifetimes)));
    if (grants.some((g) => !g)) throw new ApiError(401, { key: 'invalid_ticket' });
    const byLocation = new Map((grants as StreamGrant[]).map((g) => [g.locationId, g]));
    const header = request.headers['last-event-id'];
    const resume = parseStreamPosition(typeof header === 'string' ? header : request.query.last_event_id);
    await stream(request, reply, [...byLocation.values()], resume, formatStreamPosition);
  });

  /**
   * Streams the events of the grants' locations after `resume` (a location without a position starts
   * now); `position` writes the `id:` of each message from the locations' cursors.
   */
  async function stream(
    request: FastifyRequest, reply: FastifyReply, grants: StreamGrant[], resume: Map<number, number>,
    position: (cursors: Map<number, number>) => string,
  ): Promise<void> {
    // Counted before the first await, so streams opened together cannot all pass the cap.
    const users = [...new Set(grants.map((g) => g.userId))];
    if (users.some(streamsFull)) throw tooManyStreams();
    for (const u of users) openByUser.set(u, (openByUser.get(u) ?? 0) + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      for (const u of users) {
        const n = (openByUser.get(u) ?? 1) - 1;
        if (n > 0) openByUser.set(u, n);
        else openByUser.delete(u);
      }
    };
    const cursors = new Map<number, number>();
    let lost = false;
    try {
      for (const grant of grants) {
        const { head, oldest } = await hub.bounds(grant.locationId);
        const from = resume.get(grant.locationId);
        // Resuming after events that have expired (or from another database): start over from now.
        const gone = from !== undefined && (from > head || (from < head && (oldest === 0 || oldest > from + 1)));
        lost ||= gone;
        cursors.set(grant.locationId, from === undefined || gone ? head : from);
      }
    } catch (err) {
      uncount();
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // A reverse proxy must pass each event at once (nginx buffers otherwise).
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    // The client learns its position at once: a stream that breaks before its first event or ping
    // must resume from here, not from wherever the head is by then (what came between would be lost).
    res.write(`id: ${position(cursors)}\nevent: ${lost ? LIVE_STREAM_RESET : 'ping'}\ndata: {}\n\n`);
    open.add(res);

    // Each grant is the object access.ts updates in place, so `send` always filters by the current one.
    const send = (grant: StreamGrant, events: StoredEvent[]) => {
      let text = '';
      for (const e of events) {
        cursors.set(grant.locationId, e.seq);
        if (!mayReceive(e.kind, grant.roleValue, grant.permissions)) continue;
        const data = JSON.stringify({ seq: e.seq, location_id: e.location_id, kind: e.kind, payload: e.payload });
        text += `id: ${position(cursors)}\nevent: ${LIVE_STREAM_CHANGE}\ndata: ${data}\n\n`;
      }
      if (text) res.write(text);
    };
    // While access.ts re-reads a grant after a revocation, events wait here: they go out with the
    // grant it finds (narrowed), or never (the stream ends).
    let holds = 0;
    let held: [StreamGrant, StoredEvent[]][] = [];
    let ended = false;
    const deliverer = (grant: StreamGrant) => (events: StoredEvent[]) => {
      if (ended) return;
      if (holds > 0) held.push([grant, events]);
      else send(grant, events);
    };
    const finish = () => {
      ended = true;
      held = [];
      res.end();
    };
    const watched = {
      end: finish,
      hold: () => { holds += 1; },
      release: () => {
        if (holds === 0 || --holds > 0 || ended) return;
        // In order: what was held, then what comes next.
        for (const [grant, events] of held.splice(0)) send(grant, events);
      },
    };
    const leaving: (() => void)[] = [];
    let closed = false;
    const ping = setInterval(() => { if (!ended && holds === 0) res.write(`id: ${position(cursors)}\nevent: ping\ndata: {}\n\n`); }, PING_MS);
    const end = setTimeout(finish, STREAM_MAX_MS);
    for (const grant of grants) leaving.push(access.watch({ grant, ...watched }));
    const closeDown = () => {
      closed = true;
      ended = true;
      clearInterval(ping);
      clearTimeout(end);
      open.delete(res);
      uncount();
      for (const leave of leaving.splice(0)) leave();
    };
    res.on('close', closeDown);
    // Gone while its grants were read: its 'close' has been and gone, and would never free its place.
    if (request.raw.socket.destroyed) closeDown();
    try {
      for (const grant of grants) {
        const leave = await hub.subscribe({ locationId: grant.locationId, deliver: deliverer(grant) }, cursors.get(grant.locationId)!);
        if (closed) leave();
        else leaving.push(leave);
      }
    } catch (err) {
      request.log.warn({ err }, 'live: a stream could not follow its location');
      finish();
    }
  }
}
