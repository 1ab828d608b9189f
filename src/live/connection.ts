// The event stream of the locations a tab follows, one connection (no React). A ticket per location
// is asked for with the token (POST), the stream opened with them (an EventSource sends no token);
// when the stream breaks (a server restart, the network) it is opened anew with fresh tickets and the
// position seen in each location, so the server sends exactly what was missed. An event is never
// handed on twice. One connection for all of them: a browser keeps at most six HTTP/1.1 connections
// to a server, and a stream per location (times the open tabs) would leave none for the API calls.
import { api } from '../dataProvider/http';
import {
  LIVE_STREAM_CHANGE, LIVE_STREAM_MAX_LOCATIONS, LIVE_STREAM_RESET, formatStreamPosition, parseStreamPosition, type LiveEvent,
} from '../../domain/liveEvents';
import { earliestReadPosition, noteLocationPosition } from './readPositions';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveHandlers {
  onEvent: (event: LiveEvent) => void;
  /** The missed events are gone (kept 48 h): everything shown must be read again. */
  onReset: () => void;
  onStatus: (status: LiveStatus) => void;
  /** A location followed before refuses its ticket now (the role there removed, the location deleted). */
  onRefused: (locationId: number) => void;
}

/** Waits between attempts to reconnect: quick at first, then every 10 s. */
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000];
/** The server pings every 15 s: a stream silent for longer is taken as broken. */
const SILENCE_MS = 40_000;
/**
 * A stream that lived this long was a working one: its end starts the back-off anew. One that ends
 * sooner (a proxy that cuts streams, a server that ends it at once) keeps backing off, else it was
 * reopened every 500 ms for ever, a ticket and a stream each time (#18).
 */
const STABLE_MS = 10_000;

/**
 * A ticket refused by an answer, not by an outage: no such location, no role there (403/404), the
 * session over (401, the HTTP client ends it). Asking again would get the same answer: the location
 * is left out until the set of followed locations changes. A 429 or a 408 is worth another try later.
 */
function refusal(reason: unknown): boolean {
  const status = (reason as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export class LiveConnection {
  private source: EventSource | null = null;
  private locations: number[] = [];
  /** The last sequence number seen per location. */
  private readonly positions = new Map<number, number>();
  private attempt = 0;
  /** Locations whose ticket was refused (see `refusal`): not asked again while the set is the same. */
  private readonly refused = new Set<number>();
  /** Locations that have had a ticket: a refusal of one of them is news for the screens. */
  private readonly granted = new Set<number>();
  /** When the current stream opened (0: not open). */
  private openedAt = 0;
  /** Bumped at each (re)open: an open still asking for tickets when another starts gives up. */
  private generation = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;

  constructor(private readonly handlers: LiveHandlers) {}

  // The browser knows at once when the network goes (a stream over a dead link could stay silent for
  // long); and when it is back, waiting out the back-off would only delay catching up.
  private readonly wentOffline = () => this.broken();
  private readonly cameOnline = () => {
    if (this.source || this.stopped) return;
    this.attempt = 0;
    if (this.retry) clearTimeout(this.retry);
    void this.open();
  };

  /**
   * Follows these locations from now on (at most LIVE_STREAM_MAX_LOCATIONS): the stream is reopened
   * when they change, each location kept resuming from where it was.
   */
  follow(locations: number[]): void {
    const next = [...new Set(locations)].sort((a, b) => a - b).slice(0, LIVE_STREAM_MAX_LOCATIONS);
    if (!this.stopped && next.join() === this.locations.join()) return;
    this.locations = next;
    this.refused.clear();
    for (const [id, seq] of this.positions) {
      if (next.includes(id)) continue;
      // What is cached of it was current up to here: followed again soon, it resumes from here.
      noteLocationPosition(id, seq);
      this.positions.delete(id);
    }
    if (!next.length) {
      this.stop();
      // Nothing followed is no outage either.
      return this.handlers.onStatus('connecting');
    }
    if (this.stopped) {
      this.stopped = false;
      window.addEventListener('offline', this.wentOffline);
      window.addEventListener('online', this.cameOnline);
    }
    this.close();
    this.attempt = 0;
    // Another set of locations is no outage: the chip stays away while the stream reopens.
    void this.open('connecting');
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameOnline);
    this.close();
  }

  private close(): void {
    if (this.retry) clearTimeout(this.retry);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.source?.close();
    this.source = null;
  }

  private async open(status: LiveStatus = 'offline'): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.handlers.onStatus(status);
    // A location whose ticket is refused (the user's role there is gone) is left out of this stream.
    const asking = this.locations.filter((id) => !this.refused.has(id));
    const asked = await Promise.allSettled(asking.map((id) =>
      api<{ ticket: string }>(`/api/v2.1/locations/${id}/events/ticket/`, { method: 'POST' }).then((t) => ({ id, ticket: t.ticket }))));
    if (this.stopped || generation !== this.generation) return;
    asked.forEach((a, i) => {
      if (a.status !== 'rejected' || !refusal(a.reason)) return;
      const id = asking[i]!;
      this.refused.add(id);
      if (this.granted.delete(id)) this.handlers.onRefused(id);
    });
    const granted = asked.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    for (const g of granted) this.granted.add(g.id);
    if (!granted.length) {
      // Every location refused: there is nothing to follow, and no outage to announce or retry.
      if (this.locations.every((id) => this.refused.has(id))) return this.handlers.onStatus('connecting');
      return this.broken();
    }
    const query = new URLSearchParams({ tickets: granted.map((g) => g.ticket).join(',') });
    // A location not followed yet starts from before the data on screen was read (readPositions.ts);
    // one without such a read starts now.
    const known = new Map(granted.flatMap((g) => {
      const seq = this.positions.get(g.id) ?? earliestReadPosition(g.id);
      return seq === undefined ? [] : [[g.id, seq] as const];
    }));
    if (known.size) query.set('last_event_id', formatStreamPosition(known));
    const source = new EventSource(`/api/v2.1/events/?${query}`);
    this.source = source;
    // The message's id is the position in every location of the stream.
    const moveTo = (e: MessageEvent) => {
      for (const [id, seq] of parseStreamPosition(e.lastEventId)) {
        if (seq > (this.positions.get(id) ?? -1)) this.positions.set(id, seq);
      }
    };
    source.onopen = () => {
      this.openedAt = Date.now();
      this.alive();
      this.handlers.onStatus('live');
    };
    source.addEventListener(LIVE_STREAM_CHANGE, (e) => {
      this.alive();
      const event = JSON.parse((e as MessageEvent).data) as LiveEvent;
      const fresh = event.seq > (this.positions.get(event.location_id) ?? -1);
      moveTo(e as MessageEvent);
      if (!fresh) return;
      // Read by bench/lib/browser.ts: an event reached the page (the live update's paint is timed from here).
      performance.mark(`live:event:${event.location_id}:${event.seq}`);
      this.handlers.onEvent(event);
    });
    source.addEventListener('ping', (e) => {
      this.alive();
      moveTo(e as MessageEvent);
    });
    source.addEventListener(LIVE_STREAM_RESET, (e) => {
      this.alive();
      for (const [id, seq] of parseStreamPosition((e as MessageEvent).lastEventId)) this.positions.set(id, seq);
      this.handlers.onReset();
    });
    // The browser would retry with the same (spent) tickets: we reopen with new ones instead.
    source.onerror = () => {
      if (this.source !== source) return;
      this.broken();
    };
  }

  private alive(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.broken(), SILENCE_MS);
  }

  private broken(): void {
    if (this.openedAt && Date.now() - this.openedAt >= STABLE_MS) this.attempt = 0;
    this.openedAt = 0;
    this.source?.close();
    this.source = null;
    if (this.watchdog) clearTimeout(this.watchdog);
    if (this.stopped) return;
    this.handlers.onStatus('offline');
    if (!navigator.onLine) return; // 'online' reopens it
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.open(), wait);
  }
}
