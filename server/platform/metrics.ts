// GET /metrics in Prometheus' text format, from prom-client's default registry (other modules add
// their own metrics to it). Who may scrape: the peer addresses in METRICS_ALLOW (default loopback),
// and only a request that did not come through a proxy. Everyone else gets the same 404 as an
// unknown address, so the endpoint does not show from outside. docs/operations.md, "Metrics".
//
// Several processes (server/cluster.ts) share one port, so a scrape reaches any one worker: that
// worker asks the cluster's primary, which gathers every worker's registry (prom-client's
// AggregatorRegistry) and answers with the sum, so one scrape shows the whole machine (decisions.md).
import cluster from 'node:cluster';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client, { AggregatorRegistry } from 'prom-client';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { ApiError, LockConflictError, notFound } from './errors';
import { MAX_JOB_ATTEMPTS } from './jobs';

const { register } = client;

// Every metric is made once per process (the registry is global); buildApp may run several times
// in one process (the API tests), each app adding only its hooks.
client.collectDefaultMetrics();

/** Request latency by the matched route's pattern (never the raw URL: ids would explode the series). */
const requestSeconds = new client.Histogram({
  name: 'backoffice_http_request_duration_seconds',
  help: 'HTTP requests by matched route pattern, method and status class, in seconds',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const bookingsTotal = new client.Counter({
  name: 'backoffice_bookings_total',
  help: 'Booking attempts by channel (staff, multi, widget) and outcome (created, refused, lock_timeout, error)',
  labelNames: ['channel', 'outcome'] as const,
});

export const paymentsTotal = new client.Counter({
  name: 'backoffice_payments_total',
  help: 'Payments by kind (desk, standalone, provider callback) and outcome (recorded, link, paid, declined, late (paid on a closed link: refunded), test (a test-mode payment on a live install: not counted), released (held money let go), duplicate, unknown, refused, lock_timeout, error)',
  labelNames: ['kind', 'outcome'] as const,
});

/** #38 A provider reported another amount or currency than the link's: the payment was not settled (an operator looks at each). */
export const providerMismatchTotal = new client.Counter({
  name: 'backoffice_payment_provider_mismatch_total',
  help: 'Provider payments not settled because the provider reported another amount or currency than the link asked, by provider',
  labelNames: ['provider'] as const,
});

export const lockConflictsTotal = new client.Counter({
  name: 'backoffice_lock_conflicts_total',
  help: 'Locked transactions answered 409 because a row lock wait passed LOCK_TIMEOUT (timeout) or PostgreSQL found a deadlock',
  labelNames: ['reason'] as const,
});

export const webhookDeliveriesTotal = new client.Counter({
  name: 'backoffice_webhook_deliveries_total',
  help: 'Webhook delivery attempts by result (delivered, retrying, failed = gave up, gone = 410, skipped = webhook off)',
  labelNames: ['result'] as const,
});

/** The database reached when the queue gauges are collected (the process's own; the latest app in tests). */
let queueDb: Db | null = null;

type QueueRow = { kind: string; due: string; oldest: string | null; dead: string };
let reading: Promise<QueueRow[]> | null = null;
/** One query per scrape for the three queue gauges: a scrape collects them at once, they share it. */
function readQueue(): Promise<QueueRow[]> {
  if (!queueDb) return Promise.resolve([]);
  reading ??= queueDb.execute<QueueRow>(sql`
    SELECT kind,
      count(*) FILTER (WHERE run_at <= now() AND attempts < ${MAX_JOB_ATTEMPTS}) AS due,
      extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now() AND attempts < ${MAX_JOB_ATTEMPTS})) AS oldest,
      count(*) FILTER (WHERE attempts >= ${MAX_JOB_ATTEMPTS}) AS dead
    FROM ${jobs} WHERE done_at IS NULL GROUP BY kind`).then((r) => r.rows).finally(() => { reading = null; });
  return reading;
}

/** A gauge by job kind read from the queue on every scrape. The queue is shared by all processes, so
 * in a cluster every worker reads the same figures: the primary keeps the largest, not the sum. */
function queueGauge(name: string, help: string, value: (r: QueueRow) => number) {
  return new client.Gauge({
    name, help, labelNames: ['kind'] as const, aggregator: 'max',
    async collect() {
      const rows = await readQueue();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind }, value(r));
    },
  });
}
queueGauge('backoffice_job_queue_depth', 'Jobs due to run now and not done yet (the backlog), by kind', (r) => Number(r.due));
queueGauge('backoffice_job_oldest_due_age_seconds', 'How long the oldest due job has waited past its run time, in seconds, by kind (0: none due)',
  (r) => (r.oldest === null ? 0 : Number(r.oldest)));
queueGauge('backoffice_jobs_dead', `Jobs that failed ${MAX_JOB_ATTEMPTS} times and are no longer retried, by kind`, (r) => Number(r.dead));

/**
 * Runs `work` and counts its outcome: `ok(result)` when it succeeds (default `created`); a lock wait
 * over LOCK_TIMEOUT or a deadlock (409 from lockedTransaction) is `lock_timeout`; any other answer
 * of the API's own (a full session, a bad promo code, a 404) is `refused`; anything else `error`.
 */
export async function countOutcome<T, L extends string>(
  counter: client.Counter<L>, labels: Partial<Record<L, string>>, work: () => Promise<T>, ok: (result: T) => string = () => 'created',
): Promise<T> {
  let outcome = 'error';
  try {
    const result = await work();
    outcome = ok(result);
    return result;
  } catch (err) {
    if (err instanceof ApiError) outcome = err instanceof LockConflictError ? 'lock_timeout' : 'refused';
    throw err;
  } finally {
    counter.inc({ ...labels, outcome } as Partial<Record<L, string | number>>);
  }
}

/**
 * METRICS_ALLOW: comma-separated addresses and CIDR ranges (IPv4 or IPv6); `none` lets nobody in.
 * Answers the block list, or throws a message naming the bad entry.
 */
export function parseMetricsAllow(value: string): net.BlockList {
  const list = new net.BlockList();
  if (value.trim() === 'none') return list;
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, bits] = raw.split('/');
    const family = net.isIPv4(address!) ? 'ipv4' : net.isIPv6(address!) ? 'ipv6' : null;
    const prefix = bits === undefined ? null : Number(bits);
    if (!family || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 'ipv4' ? 32 : 128)))) {
      throw new Error(`METRICS_ALLOW: ${JSON.stringify(raw)} is not an address or a CIDR range`);
    }
    if (prefix === null) list.addAddress(address!, family);
    else list.addSubnet(address!, prefix, family);
  }
  return list;
}

export const DEFAULT_METRICS_ALLOW = '127.0.0.0/8,::1';

/**
 * Headers a proxy or CDN adds to say whom it forwards for (or that it forwarded at all): the standard
 * `Forwarded` and `Via`, every `X-Forwarded-*`, and the vendors' single-address ones. Present at all,
 * even empty, they mean "came through a proxy".
 */
const FORWARDING_HEADER = new RegExp('^(?:' + [
  'forwarded', 'forwarded-for', 'via', 'x-forwarded(?:-.+)?', 'x-original-forwarded(?:-.+)?', 'x-real-ip', 'x-client-ip',
  'client-ip', 'true-client-ip', 'cf-connecting-ip(?:v6)?', 'fastly-client-ip', 'x-cluster-client-ip', 'x-proxyuser-ip',
  'x-originating-ip', 'x-remote-ip', 'x-remote-addr', 'x-envoy-external-address', 'x-azure-clientip', 'x-appengine-user-ip',
].join('|') + ')$');

/** Whether the request carries any header by which a proxy says it forwarded it (exported for the tests' table). */
export function cameThroughProxy(rawHeaders: readonly string[]): boolean {
  // The raw list (name, value, name, value, ...): a header sent empty is there as well.
  for (let i = 0; i < rawHeaders.length; i += 2) if (FORWARDING_HEADER.test(rawHeaders[i]!.toLowerCase())) return true;
  return false;
}

/** The peer of the connection (not X-Forwarded-For, whatever TRUST_PROXY says), IPv4-mapped IPv6 as IPv4. */
function peerAllowed(request: FastifyRequest, allow: net.BlockList): boolean {
  // Through a proxy the peer is the proxy (often on loopback) and the forwarded address is whatever
  // the client wrote: neither says who asked, so forwarded requests are refused. Scrape directly.
  if (cameThroughProxy(request.raw.rawHeaders)) return false;
  let address = request.socket.remoteAddress ?? '';
  if (address.startsWith('::ffff:') && net.isIPv4(address.slice(7))) address = address.slice(7);
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family !== null && allow.check(address, family);
}

// Cluster: a worker's scrape asks the primary (server/cluster.ts answers with installClusterMetrics).
const ASK = 'backoffice:metrics?';
const ANSWER = 'backoffice:metrics=';
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

let asked = 0;
const waiting = new Map<number, (a: Answer) => void>();
function clusterText(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { waiting.delete(id); reject(new Error('the cluster primary did not answer with metrics')); }, 10_000);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (a.error !== undefined) reject(new Error(a.error));
      else resolve(a.text ?? '');
    });
    process.send!({ type: ASK, id });
  });
}

const inCluster = () => cluster.isWorker && process.env.CLUSTER_WORKER === '1';
if (inCluster()) {
  // Makes this worker answer the primary's AggregatorRegistry (prom-client listens once it exists).
  new AggregatorRegistry();
  process.on('message', (m: Answer) => { if (m?.type === ANSWER) waiting.get(m.id)?.(m); });
}

/** In the cluster's primary: answers the workers' requests with every worker's metrics, aggregated. */
export function installClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: { type?: string; id?: number }) => {
    if (m?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: m.id!, text } satisfies Answer),
      (err: Error) => worker.send({ type: ANSWER, id: m.id!, error: err.message } satisfies Answer),
    );
  });
}

/** The latency hook on every request, and GET /metrics (public to the token check, guarded by address). */
export function installMetrics(app: FastifyInstance, opts: { db: Db; allow: string }): void {
  const allow = parseMetricsAllow(opts.allow);
  queueDb = opts.db;
  app.addHook('onResponse', async (request, reply) => {
    requestSeconds.observe({
      // The pattern the router matched; requests that matched none (unknown paths, the built
      // app's files answered by the not-found handler) share one label.
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: `${Math.floor(reply.statusCode / 100)}xx`,
    }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!peerAllowed(request, allow)) throw notFound();
    const text = inCluster() ? await clusterText() : await register.metrics();
    return reply.type(register.contentType).send(text);
  });
}
