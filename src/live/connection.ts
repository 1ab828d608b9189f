// One location's event stream in the browser (no React). A ticket is asked for with the token
// (POST), the stream opened with it (an EventSource sends no token); when the stream breaks (a
// server restart, the network) it is opened anew with a fresh ticket and the last sequence number
// seen, so the server sends exactly what was missed. Sequence numbers seen are never handed on twice.
import { api } from '../dataProvider/http';
import { LIVE_STREAM_CHANGE, LIVE_STREAM_RESET, type LiveEvent } from '../../domain/liveEvents';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveHandlers {
  onEvent: (event: LiveEvent) => void;
  /** The missed events are gone (kept 48 h): everything shown must be read again. */
  onReset: () => void;
  onStatus: (status: LiveStatus) => void;
}

/** Waits between attempts to reconnect: quick at first, then every 10 s. */
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000];
/** The server pings every 15 s: a stream silent for longer is taken as broken. */
const SILENCE_MS = 40_000;

export class LiveConnection {
  private source: EventSource | null = null;
  private lastSeq: number | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly locationId: number, private readonly handlers: LiveHandlers) {}

  // The browser knows at once when the network goes (a stream over a dead link could stay silent for
  // long); and when it is back, waiting out the back-off would only delay catching up.
  private readonly wentOffline = () => this.broken();
  private readonly cameOnline = () => {
    if (this.source || this.stopped) return;
    this.attempt = 0;
    if (this.retry) clearTimeout(this.retry);
    void this.open();
  };

  start(): void {
    this.stopped = false;
    window.addEventListener('offline', this.wentOffline);
    window.addEventListener('online', this.cameOnline);
    void this.open();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameOnline);
    if (this.retry) clearTimeout(this.retry);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.source?.close();
    this.source = null;
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    this.handlers.onStatus(this.attempt === 0 && this.lastSeq === null ? 'connecting' : 'offline');
    let ticket: string;
    try {
      ticket = (await api<{ ticket: string }>(`/api/v2.1/locations/${this.locationId}/events/ticket/`, { method: 'POST' })).ticket;
    } catch {
      return this.broken();
    }
    if (this.stopped) return;
    const query = new URLSearchParams({ ticket });
    if (this.lastSeq !== null) query.set('last_event_id', String(this.lastSeq));
    const source = new EventSource(`/api/v2.1/locations/${this.locationId}/events/?${query}`);
    this.source = source;
    const seen = (e: MessageEvent) => {
      this.alive();
      const seq = Number(e.lastEventId);
      if (!Number.isFinite(seq) || (this.lastSeq !== null && seq <= this.lastSeq)) return false;
      this.lastSeq = seq;
      return true;
    };
    source.onopen = () => {
      this.attempt = 0;
      this.alive();
      this.handlers.onStatus('live');
    };
    source.addEventListener(LIVE_STREAM_CHANGE, (e) => {
      if (!seen(e as MessageEvent)) return;
      // Read by bench/lib/browser.ts: an event reached the page (the live update's paint is timed from here).
      performance.mark(`live:event:${(e as MessageEvent).lastEventId}`);
      this.handlers.onEvent(JSON.parse((e as MessageEvent).data) as LiveEvent);
    });
    source.addEventListener('ping', (e) => { seen(e as MessageEvent); });
    source.addEventListener(LIVE_STREAM_RESET, (e) => {
      this.lastSeq = Number((e as MessageEvent).lastEventId);
      this.handlers.onReset();
    });
    // The browser would retry with the same (spent) ticket: we reopen with a new one instead.
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
