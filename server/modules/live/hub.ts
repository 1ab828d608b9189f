// The live hub of one server process: one PostgreSQL connection (DATABASE_LISTEN_URL) LISTENs on 'location_events'
// (NOTIFY "location:seq" at each commit, from any process or machine on the database); for a
// location with subscribers here, one query reads the new events and hands them to each of them.
// A subscriber keeps its own cursor (the last sequence number it has passed), so an event is sent
// once, in order, and a gap (a notification lost while the listening connection was down) is filled
// from the table. A slow poll of the locations' heads catches what no notification announced.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../domain/liveEvents';
import { queryPrepared } from '../../db/client';
import { liveMetrics } from './metrics';

const CHANNEL = 'location_events';
/** A user's access was narrowed or revoked (migration 0012's triggers): the payload is the user's id. */
const ACCESS_CHANNEL = 'access_changes';
/** How often the heads are compared even without notifications (a dropped LISTEN connection). */
const POLL_MS = 5_000;
const READ_LIMIT = 500;

export interface StoredEvent extends LiveEvent {
  /** When the event was committed (the trigger's clock). */
  committed: Date;
}

export interface Subscriber {
  locationId: number;
  /** Called in order with events after the subscriber's cursor (never twice, never with a gap). */
  deliver: (events: StoredEvent[]) => void;
}

interface Member {
  sub: Subscriber;
  cursor: number;
  /** Serialises this subscriber's reads and deliveries. */
  chain: Promise<void>;
}

export class LiveHub {
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly members = new Map<number, Set<Member>>();
  /** Last sequence read per location (for the shared read on a notification). */
  private readonly heads = new Map<number, number>();
  private readonly reading = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private poll: NodeJS.Timeout | null = null;
  private closed = false;
  /** Told of each revocation notice, in commit order with the events' notices (same connection). */
  onAccessChange: ((userId: number) => void) | null = null;
  /** Told when listening starts (again): notices sent while nobody listened are lost, so look again. */
  onListening: (() => void) | null = null;

  /**
   * `listenUrl`: where the LISTEN connection goes (DATABASE_LISTEN_URL, issue #31): LISTEN needs a
   * session of its own, which a transaction pooler does not give; unset, the pool's own database.
   */
  constructor(private readonly pool: pg.Pool, private readonly log?: FastifyBaseLogger, private readonly listenUrl?: string) {}

  /** Events of a location after `after`, oldest first. */
  async read(locationId: number, after: number, limit = READ_LIMIT): Promise<StoredEvent[]> {
    const rows = await queryPrepared<{ seq: string; kind: string; payload: unknown; created_at: Date }>(this.pool, 'live.read',
      'SELECT seq, kind, payload, created_at FROM location_events WHERE location_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [locationId, after, limit]);
    return rows.map((r) => ({ seq: Number(r.seq), location_id: locationId, kind: r.kind as StoredEvent['kind'], payload: r.payload as never, committed: r.created_at }));
  }

  /** The location's last sequence number and its oldest kept one (0 when it has none). */
  async bounds(locationId: number): Promise<{ head: number; oldest: number }> {
    const rows = await queryPrepared<{ head: string | null; oldest: string | null }>(this.pool, 'live.bounds',
      `SELECT (SELECT seq FROM location_event_heads WHERE location_id = $1) AS head,
              (SELECT min(seq) FROM location_events WHERE location_id = $1) AS oldest`,
      [locationId]);
    return { head: Number(rows[0]?.head ?? 0), oldest: Number(rows[0]?.oldest ?? 0) };
  }

  /**
   * Adds a subscriber whose cursor is `after`: what it missed is read first, then it follows the
   * location. Returns the function that removes it.
   */
  async subscribe(sub: Subscriber, after: number): Promise<() => void> {
    await this.ensureListening();
    const member: Member = { sub, cursor: after, chain: Promise.resolve() };
    let set = this.members.get(sub.locationId);
    if (!set) this.members.set(sub.locationId, (set = new Set()));
    set.add(member);
    if (!this.heads.has(sub.locationId)) this.heads.set(sub.locationId, (await this.bounds(sub.locationId)).head);
    this.catchUp(member);
    liveMetrics.streams.inc();
    return () => {
      if (!set.delete(member)) return;
      liveMetrics.streams.dec();
      if (!set.size) {
        this.members.delete(sub.locationId);
        this.heads.delete(sub.locationId);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private ensureListening(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.connecting ??= this.listen().finally(() => { this.connecting = null; });
    return this.connecting;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.listenUrl ? { connectionString: this.listenUrl } : this.pool.options);
    client.on('notification', (msg) => {
      if (msg.channel === ACCESS_CHANNEL) {
        const userId = Number(msg.payload);
        if (Number.isSafeInteger(userId)) this.onAccessChange?.(userId);
        return;
      }
      const [location, seq] = (msg.payload ?? '').split(':').map(Number);
      if (location !== undefined && seq !== undefined && this.members.has(location) && seq > (this.heads.get(location) ?? 0)) this.readShared(location);
    });
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.log?.warn({ err }, 'live: listening connection lost; reconnecting');
      setTimeout(() => void this.reconnect(), 500).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${ACCESS_CHANNEL}`);
    this.listener = client;
    this.onListening?.();
    this.poll ??= setInterval(() => void this.pollHeads(), POLL_MS);
    this.poll.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.closed || this.listener) return;
    try {
      await this.ensureListening();
      for (const location of this.members.keys()) this.readShared(location);
    } catch (err) {
      this.log?.warn({ err }, 'live: reconnecting failed; trying again');
      setTimeout(() => void this.reconnect(), 2_000).unref();
    }
  }

  private async pollHeads(): Promise<void> {
    const locations = [...this.members.keys()];
    if (!locations.length) return;
    try {
      const { rows } = await this.pool.query<{ location_id: number; seq: string }>(
        'SELECT location_id, seq FROM location_event_heads WHERE location_id = ANY($1)', [locations]);
      for (const r of rows) if (Number(r.seq) > (this.heads.get(r.location_id) ?? 0)) this.readShared(r.location_id);
    } catch (err) {
      this.log?.warn({ err }, 'live: polling the heads failed');
    }
  }

  /** One read per location at a time for all its subscribers here; a notification during a read reads again after it. */
  private readShared(locationId: number): void {
    if (this.reading.has(locationId)) {
      this.again.add(locationId);
      return;
    }
    const run = (async () => {
      try {
        for (;;) {
          this.again.delete(locationId);
          const events = await this.read(locationId, this.heads.get(locationId) ?? 0);
          if (events.length) {
            this.heads.set(locationId, events[events.length - 1]!.seq);
            for (const member of this.members.get(locationId) ?? []) this.offer(member, events);
          }
          if (events.length < READ_LIMIT && !this.again.has(locationId)) break;
        }
      } catch (err) {
        this.log?.warn({ err, locationId }, 'live: reading events failed');
      } finally {
        this.reading.delete(locationId);
      }
    })();
    this.reading.set(locationId, run);
  }

  private offer(member: Member, events: StoredEvent[]): void {
    member.chain = member.chain.then(() => {
      const fresh = events.filter((e) => e.seq > member.cursor);
      if (!fresh.length) return;
      // A gap: something between the cursor and these was not seen here; read it from the table.
      if (fresh[0]!.seq !== member.cursor + 1) return this.fill(member);
      const now = Date.now();
      for (const e of fresh) liveMetrics.lag.observe(Math.max(0, now - e.committed.getTime()) / 1000);
      this.hand(member, fresh);
    });
  }

  private catchUp(member: Member): void {
    member.chain = member.chain.then(() => this.fill(member));
  }

  private async fill(member: Member): Promise<void> {
    for (;;) {
      const events = await this.read(member.sub.locationId, member.cursor).catch((err) => {
        this.log?.warn({ err }, 'live: catching up failed');
        return [] as StoredEvent[];
      });
      if (!events.length) return;
      this.hand(member, events);
      if (events.length < READ_LIMIT) return;
    }
  }

  private hand(member: Member, events: StoredEvent[]): void {
    member.cursor = events[events.length - 1]!.seq;
    member.sub.deliver(events);
  }
}
