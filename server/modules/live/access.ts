// Access changes reach open streams: at once when a revocation is committed (triggers of migration
// 0012 NOTIFY 'access_changes' with the user's id; hub.ts hears it on its listening connection, in
// commit order with the events, so no event committed after the revocation goes out on the old grant),
// and every LIVE_ACCESS_CHECK_SECONDS, when each server process reads, in one query, the grant of
// every (token, location) its open streams were opened with (a notice lost while not listening). A stream whose
// grant is gone (its role at the location removed, its user deactivated, its token revoked by a logout
// or expired) is ended: the app asks for a new ticket, which is refused. A grant that changed (a role
// lowered or raised, a permission taken or given) replaces the old one, so the kinds the stream is sent
// follow it from then on (routes.ts reads the grant at each delivery).
import type { FastifyBaseLogger } from 'fastify';
import { queryPrepared, type Db } from '../../db/client';
import type { TokenLifetimes } from '../../platform/auth';
import { GRANT_FROM, grantOf, type GrantRow, type StreamGrant } from './tickets';

export interface WatchedStream {
  grant: StreamGrant;
  /** Ends the stream (its grant is gone). */
  end: () => void;
  /** Keeps the stream's events back until `release` (its grant is being read again after a revocation). */
  hold: () => void;
  release: () => void;
}

const pairKey = (tokenId: number, locationId: number) => `${tokenId}:${locationId}`;

export class StreamAccess {
  private readonly streams = new Set<WatchedStream>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  /** The last revocation notice each stream was concerned by: a read begun before it neither updates nor releases it. */
  private readonly changedAt = new Map<WatchedStream, number>();
  /** Streams whose events are held back until a read begun after their notice. */
  private readonly held = new Set<WatchedStream>();
  private notices = 0;

  constructor(
    private readonly db: Db,
    private readonly lifetimes: TokenLifetimes,
    private readonly intervalMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Watches a stream until the returned function is called. */
  watch(stream: WatchedStream): () => void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(stream);
      this.changedAt.delete(stream);
      this.held.delete(stream);
      if (!this.streams.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One read of every open stream's grant (a check still running is joined, not doubled). */
  check(): Promise<void> {
    this.checking ??= this.checkAll([...this.streams]).finally(() => { this.checking = null; });
    return this.checking;
  }

  /**
   * A revocation of the user's access was committed (any process, hub.ts's notice): their streams here
   * deliver nothing from now until their grants are read again, then end or go on narrowed. A check
   * already running may have read before the change, so this one is not joined to it.
   */
  changed(userId: number): Promise<void> {
    const mine = [...this.streams].filter((s) => s.grant.userId === userId);
    if (!mine.length) return Promise.resolve();
    const mark = ++this.notices;
    for (const s of mine) {
      this.changedAt.set(s, mark);
      if (this.held.has(s)) continue;
      this.held.add(s);
      s.hold();
    }
    return this.checkAll(mine);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.streams.clear();
    this.changedAt.clear();
    this.held.clear();
  }

  private async checkAll(asked: WatchedStream[]): Promise<void> {
    if (!asked.length) return;
    const mark = this.notices;
    const pairs = new Map<string, [number, number]>();
    for (const { grant } of asked) pairs.set(pairKey(grant.tokenId, grant.locationId), [grant.tokenId, grant.locationId]);
    let rows: GrantRow[];
    try {
      const list = [...pairs.values()];
      rows = await queryPrepared<GrantRow>(this.db, 'live.grants', `
        WITH s AS (SELECT * FROM unnest($1::int[], $2::int[]) AS s(token_id, location_id))
        ${GRANT_FROM}`, [list.map((p) => p[0]), list.map((p) => p[1]), this.lifetimes.maxAgeDays, this.lifetimes.idleDays]);
    } catch (err) {
      // The database is away: the streams keep their grants (they receive nothing meanwhile either),
      // and a held one stays held until a later check reads its grant.
      this.log?.warn({ err }, 'live: re-reading the streams\' grants failed');
      return;
    }
    const now = new Map(rows.map((r) => [pairKey(r.token_id, r.location_id), r]));
    for (const stream of asked) {
      if (!this.streams.has(stream)) continue;
      const row = now.get(pairKey(stream.grant.tokenId, stream.grant.locationId));
      if (!row) {
        this.streams.delete(stream);
        this.changedAt.delete(stream);
        this.held.delete(stream);
        stream.end();
        continue;
      }
      // Read before the latest notice about it: a newer read is on its way.
      if ((this.changedAt.get(stream) ?? 0) > mark) continue;
      const fresh = grantOf(row);
      stream.grant.roleValue = fresh.roleValue;
      stream.grant.permissions = fresh.permissions;
    }
    // Released only now that every grant is current (a stream of several locations is held for each),
    // and only when held before this read began: its rows may predate a later notice.
    for (const stream of asked) {
      if (!this.held.has(stream) || (this.changedAt.get(stream) ?? 0) > mark) continue;
      this.held.delete(stream);
      stream.release();
    }
  }
}
