// The jobs table as a queue: the one outbox (#41). Producers insert a row in the same transaction as
// their change (a change's letters through recordEffects, effects.ts); the worker claims due rows with
// FOR UPDATE SKIP LOCKED, so several server processes never run one job twice, and a crash before
// commit leaves the job to be retried. Due jobs run by priority, then by when they were due: money at
// a provider is never queued behind a flood of letters and webhooks.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import type { Lang } from './messages';

export type JobHandler = (payload: any) => Promise<void>;
/**
 * A kind whose due jobs run together: the worker claims up to `size` of them in one transaction and
 * hands their payloads to one call (#45: a morning's reminders, thousands due at one minute, go as
 * SMS.ru calls of 100). The call settles each item on its own; a throw retries the whole batch.
 */
export interface BatchJobHandler { size: number; many: (payloads: any[]) => Promise<void> }

/**
 * #41 A kind's priority, by the first word of its name (lower runs first): money at a provider
 * (`payment.*`: status checks, captures and releases, closing links; `refund.*`; `receipt.*`) before
 * an order's own timers (`order.*`: the auto-cancel, which asks the provider first), before upkeep
 * (expiries, pruning), before messages (`mail.*`, `auth.*`, `webhook.*`, later `sms.*`) and anything else.
 */
export const JOB_PRIORITY = { money: 0, order: 10, upkeep: 20, message: 50 } as const;
const PRIORITY_OF_PREFIX: Record<string, number> = {
  payment: JOB_PRIORITY.money, refund: JOB_PRIORITY.money, receipt: JOB_PRIORITY.money, order: JOB_PRIORITY.order,
  certificates: JOB_PRIORITY.upkeep, live: JOB_PRIORITY.upkeep, jobs: JOB_PRIORITY.upkeep,
  // #43 the daily letters' scheduler (the letters themselves are `mail.*`).
  till: JOB_PRIORITY.upkeep,
};
export const jobPriority = (kind: string): number => PRIORITY_OF_PREFIX[kind.split('.')[0]!] ?? JOB_PRIORITY.message;

export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, runAt = new Date()): Promise<void> {
  await jobInsert(db, [{ kind, payload, runAt }]);
}

/** The INSERT of some jobs (effects.ts writes a change's letters with its other entries, in one statement). */
export function jobInsert(db: DbOrTx, rows: { kind: string; payload: unknown; runAt?: Date }[]) {
  return db.insert(jobs).values(rows.map((r) => ({ kind: r.kind, payload: r.payload, runAt: r.runAt ?? new Date(), priority: jobPriority(r.kind) })));
}

// Job kinds that one module handles and another enqueues: here, so the producer (orders: a widget
// booking paid or cancelled) need not import the handler's module (widget), which builds on it.
/** The job that sends a widget booking's confirmation letter. */
export const WIDGET_LETTER_JOB = 'mail.widget_order';
/** #40 The job that sends a held widget booking's letter at once: the payment link, the amount, the hold's end. */
export const WIDGET_HELD_LETTER_JOB = 'mail.widget_held';
/** The job that tells the customer their widget booking was cancelled (by them, or its payment hold expired). */
export const WIDGET_CANCEL_LETTER_JOB = 'mail.widget_cancelled';
export type WidgetCancelLetterJob = { orderId: number; reason: 'customer' | 'expired' };
/** The letter with a payment link (orders makes the link, its module sends it). */
export const BILL_LETTER_JOB = 'mail.bill';
export interface BillLetterJob { orderId: number; link: string; amount: string; lang: Lang }
/** #44 The guests' arrival link sent by staff to the order's e-mail (the arrivals module sends it). */
export const ARRIVAL_LINK_LETTER_JOB = 'mail.arrival_link';
export interface ArrivalLinkLetterJob { orderId: number; lang: Lang }
/** A certificate's letter to its buyer (activated, or sent again). */
export const CERTIFICATE_LETTER_JOB = 'mail.certificate';
export interface CertificateLetterJob { certificateId: number; lang: string }

/** A job failing this many times is left undone (counted as dead in /metrics). */
export const MAX_JOB_ATTEMPTS = 10;

/** #41 Finished jobs are kept this many days (what went out, for a look back), then pruned; dead ones stay. */
export const FINISHED_JOB_DAYS = 30;
/** The daily job that prunes them; it books its own next run. */
export const PRUNE_JOBS_JOB = 'jobs.prune';
const PRUNE_BATCH = 5000;

/** Deletes jobs finished more than `days` ago, in batches (a short lock each); answers how many. */
export async function pruneFinishedJobs(db: Db, days = FINISHED_JOB_DAYS): Promise<number> {
  let pruned = 0;
  for (;;) {
    const gone = await db.execute(sql`DELETE FROM ${jobs} WHERE id IN (
      SELECT id FROM ${jobs} WHERE done_at < now() - make_interval(days => ${days}) ORDER BY done_at LIMIT ${PRUNE_BATCH})`);
    pruned += gone.rowCount ?? 0;
    if ((gone.rowCount ?? 0) < PRUNE_BATCH) return pruned;
  }
}

/** Books the next pruning unless one is waiting (restarts and processes started together book one). */
export async function schedulePruning(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, PRUNE_JOBS_JOB, runAt);
}

/**
 * Books a job of a kind that books its own next run, unless one of that kind is waiting. A job that
 * is running is not waiting (its claim holds its row: SKIP LOCKED passes it), so a running job books
 * its successor; two chains (a start while one ran) become one at their next runs.
 */
export async function enqueueUnlessWaiting(db: DbOrTx, kind: string, runAt: Date): Promise<void> {
  const waiting = await db.execute(sql`SELECT 1 FROM ${jobs} WHERE kind = ${kind} AND done_at IS NULL LIMIT 1 FOR UPDATE SKIP LOCKED`);
  if (!waiting.rows.length) await enqueueJob(db, kind, {}, runAt);
}

/** The jobs a worker runs before it looks at the clock again (one transaction each). */
const JOB_BATCH = 20;

export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler | BatchJobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      let full = false;
      this.running = this.runDue(JOB_BATCH).then((count) => { full = count >= JOB_BATCH; })
        .catch((err) => this.log.error({ err }, 'job worker failed')).finally(() => {
          this.running = null;
          // A full batch leaves more due: the next at once, not after a pause (a morning's reminders
          // waited a second per 20 and ran late, #45's churn test).
          if (!this.stopped) this.timer = setTimeout(tick, full ? 0 : this.intervalMs);
        });
    };
    this.timer = setTimeout(tick, 10);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs due jobs, `limit` or a little more (a batch counts each of its jobs); returns how many ran (tests call it directly). */
  async runDue(limit = JOB_BATCH): Promise<number> {
    let count = 0;
    while (count < limit) {
      const ran = await this.db.transaction(async (tx) => {
        const claimed = await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(sql`
          SELECT id, kind, payload, attempts FROM ${jobs}
          WHERE done_at IS NULL AND run_at <= now() AND attempts < ${MAX_JOB_ATTEMPTS}
          ORDER BY priority, run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
        const job = claimed.rows[0];
        if (!job) return 0;
        const handler = this.handlers[job.kind];
        // A batch kind: more of its due jobs with this one, in the same order, skipping those another worker holds.
        const batch = handler && typeof handler === 'object' ? [job, ...(await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(sql`
          SELECT id, kind, payload, attempts FROM ${jobs}
          WHERE kind = ${job.kind} AND id <> ${job.id} AND done_at IS NULL AND run_at <= now() AND attempts < ${MAX_JOB_ATTEMPTS}
          ORDER BY priority, run_at, id LIMIT ${handler.size - 1} FOR UPDATE SKIP LOCKED`)).rows] : [job];
        const ids = sql.join(batch.map((j) => sql`${j.id}`), sql`, `);
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          if (typeof handler === 'object') await handler.many(batch.map((j) => j.payload));
          else await handler(job.payload);
          await tx.execute(sql`UPDATE ${jobs} SET done_at = now(), attempts = attempts + 1 WHERE id IN (${ids})`);
        } catch (err) {
          // Growing delay: 30 s, 1 min, 2 min, ... between attempts.
          this.log.warn({ err, jobId: job.id, kind: job.kind, jobs: batch.length }, 'job failed; will retry');
          await tx.execute(sql`UPDATE ${jobs} SET attempts = attempts + 1, last_error = ${String(err)},
            run_at = now() + make_interval(secs => 30 * power(2, attempts)) WHERE id IN (${ids})`);
        }
        return batch.length;
      });
      if (!ran) break;
      count += ran;
    }
    return count;
  }
}
