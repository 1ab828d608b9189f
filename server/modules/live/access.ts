// Access changes reach open streams: every LIVE_ACCESS_CHECK_SECONDS each server process reads, in
// one query, the grant of every (token, location) its open streams were opened with. A stream whose
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
}

const pairKey = (tokenId: number, locationId: number) => `${tokenId}:${locationId}`;

export class StreamAccess {
  private readonly streams = new Set<WatchedStream>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

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
      if (!this.streams.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One read of every open stream's grant (a check still running is joined, not doubled). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => { this.checking = null; });
    return this.checking;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.streams.clear();
  }

  private async checkAll(): Promise<void> {
    const asked = [...this.streams];
    if (!asked.length) return;
    const pairs = new Map<string, [number, number]>();
    for (const { grant } of asked) pairs.set(pairKey(grant.tokenId, grant.locationId), [grant.tokenId, grant.locationId]);
    let rows: GrantRow[];
    try {
      const list = [...pairs.values()];
      rows = await queryPrepared<GrantRow>(this.db, 'live.grants', `
        WITH s AS (SELECT * FROM unnest($1::int[], $2::int[]) AS s(token_id, location_id))
        ${GRANT_FROM}`, [list.map((p) => p[0]), list.map((p) => p[1]), this.lifetimes.maxAgeDays, this.lifetimes.idleDays]);
    } catch (err) {
      // The database is away: the streams keep their grants (they receive nothing meanwhile either).
      this.log?.warn({ err }, 'live: re-reading the streams\' grants failed');
      return;
    }
    const now = new Map(rows.map((r) => [pairKey(r.token_id, r.location_id), r]));
    for (const stream of asked) {
      if (!this.streams.has(stream)) continue;
      const row = now.get(pairKey(stream.grant.tokenId, stream.grant.locationId));
      if (!row) {
        this.streams.delete(stream);
        stream.end();
        continue;
      }
      const fresh = grantOf(row);
      stream.grant.roleValue = fresh.roleValue;
      stream.grant.permissions = fresh.permissions;
    }
  }
}
