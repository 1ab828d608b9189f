// The jobs table as a queue. Producers insert a row in the same transaction as their change;
// the worker claims due rows with FOR UPDATE SKIP LOCKED, so several server processes never
// run one job twice, and a crash before commit leaves the job to be retried.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export type JobHandler = (payload: any) => Promise<void>;

export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, runAt = new Date()): Promise<void> {
  await db.insert(jobs).values({ kind, payload, runAt });
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

/** A job failing this many times is left undone (counted as dead in /metrics). */
export const MAX_JOB_ATTEMPTS = 10;

export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runDue().then(() => undefined).catch((err) => this.log.error({ err }, 'job worker failed')).finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
      });
    };
    this.timer = setTimeout(tick, 10);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once; returns how many ran (tests call it directly). */
  async runDue(limit = 20): Promise<number> {
    let count = 0;
    for (; count < limit; count++) {
      const ran = await this.db.transaction(async (tx) => {
        const claimed = await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(sql`
          SELECT id, kind, payload, attempts FROM ${jobs}
          WHERE done_at IS NULL AND run_at <= now() AND attempts < ${MAX_JOB_ATTEMPTS}
          ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
        const job = claimed.rows[0];
        if (!job) return false;
        const handler = this.handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(job.payload);
          await tx.execute(sql`UPDATE ${jobs} SET done_at = now(), attempts = attempts + 1 WHERE id = ${job.id}`);
        } catch (err) {
          // Growing delay: 30 s, 1 min, 2 min, ... between attempts.
          const delaySeconds = 30 * 2 ** job.attempts;
          this.log.warn({ err, jobId: job.id, kind: job.kind }, 'job failed; will retry');
          await tx.execute(sql`UPDATE ${jobs} SET attempts = attempts + 1, last_error = ${String(err)},
            run_at = now() + make_interval(secs => ${delaySeconds}) WHERE id = ${job.id}`);
        }
        return true;
      });
      if (!ran) break;
    }
    return count;
  }
}
