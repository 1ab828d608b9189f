// #43 The daily letter: after a location's day boundary (06:00 on its clock), the business day that
// just ended is summed up (report.ts dailyReport) and sent to the location's administrators (role 40
// there; owners hold real role-40 rows at every location, so they are among them), each in their
// language, exactly once per location and day.
//
// Once: the scheduler (`till.daily_letters`, every 15 minutes, booking its own next run) inserts the
// row (location, date) of till_daily_letters ON CONFLICT DO NOTHING, and only the transaction that
// inserted it queues the day's letters, one job per administrator, in the same transaction. Two
// processes, restarts and re-runs find the row and queue nothing. Each letter is a job of the one
// outbox (`mail.till_daily`, a message: below money at a provider); a failed send is retried alone.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, tillDailyLetters } from '../../db/schema';
import { enqueueUnlessWaiting, jobInsert } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { Lang } from '../../platform/messages';
import { addDays, businessDateOf, wallClockAt } from '../../../domain/businessDay';
import { PAYMENT_TYPE_LABELS } from '../../../domain/enumLabels';
import { dailyLetter, dailyLetterWorthSending } from '../../../domain/tillLetter';
import { locationSender } from '../locations/letters';
import { dailyReport } from './report';

/** The scheduler: queues the letters of each location's day just ended; books its own next run. */
export const DAILY_LETTERS_JOB = 'till.daily_letters';
/** One administrator's letter of one location's day. */
export const DAILY_LETTER_JOB = 'mail.till_daily';
export interface DailyLetterJob { locationId: number; date: string; userId: number }
/** How often the scheduler looks (a letter goes at most this long after the boundary). */
export const DAILY_LETTERS_EVERY_MS = 15 * 60_000;

/** The business day that ended last at a location's clock at `now` (at 06:00 on the 12th: the 11th). */
export const lastFinishedDay = (timezone: string, now: Date): string => addDays(businessDateOf(wallClockAt(timezone, now)), -1);

/** Books the scheduler's next run unless one is waiting (restarts and processes started together book one). */
export async function scheduleDailyLetters(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, DAILY_LETTERS_JOB, runAt);
}

/**
 * Queues, for every active location whose last finished business day (at `now`) has no row yet, one
 * letter per administrator; answers how many letters were queued. Safe to run any number of times,
 * at once in several processes: the (location, date) key lets one transaction through.
 */
export async function queueDailyLetters(db: Db, now = new Date()): Promise<number> {
  const all = await db.select({ id: locations.id, timezone: locations.timezone }).from(locations).where(sql`${locations.isActive}`).orderBy(locations.id);
  let queued = 0;
  for (const loc of all) {
    const date = lastFinishedDay(loc.timezone, now);
    queued += await db.transaction(async (tx) => {
      const admins = (await tx.execute<{ id: number }>(sql`SELECT u.id FROM user_location_roles r JOIN roles ro ON ro.id = r.role_id
        JOIN users u ON u.id = r.user_id WHERE r.location_id = ${loc.id} AND ro.value >= 40 AND u.is_active ORDER BY u.id`)).rows;
      const claimed = await tx.insert(tillDailyLetters).values({ locationId: loc.id, date, admins: admins.length })
        .onConflictDoNothing().returning({ date: tillDailyLetters.date });
      if (!claimed.length || !admins.length) return 0;
      await jobInsert(tx, admins.map((a) => ({ kind: DAILY_LETTER_JOB, payload: { locationId: loc.id, date, userId: Number(a.id) } satisfies DailyLetterJob })));
      return admins.length;
    });
  }
  return queued;
}

/**
 * The reader's language: the one of the invitation they accepted at the location (the account keeps
 * no interface language of its own), else the location's first language.
 */
async function readerOf(db: Db, userId: number, locationId: number): Promise<{ email: string; lang: Lang } | null> {
  const [row] = (await db.execute<{ email: string; invited: string | null; first: string | null }>(sql`SELECT u.email,
      (SELECT i.language FROM invitations i WHERE i.location_id = ${locationId} AND lower(i.email) = lower(u.email) AND i.accepted_at IS NOT NULL
        ORDER BY i.accepted_at DESC LIMIT 1) AS invited,
      (SELECT l.languages[1] FROM locations l WHERE l.id = ${locationId}) AS first
    FROM users u WHERE u.id = ${userId} AND u.is_active`)).rows;
  if (!row) return null;
  const lang = row.invited ?? row.first;
  return { email: row.email, lang: lang === 'en' ? 'en' : 'ru' };
}

/** One letter: the day's report in the reader's language; nothing for an empty day or a reader gone. */
export async function sendDailyLetter(deps: { db: Db; mailer: Mailer; config: { publicUrl: string } }, p: DailyLetterJob, now = new Date()): Promise<void> {
  const reader = await readerOf(deps.db, p.userId, p.locationId);
  if (!reader) return;
  const report = await dailyReport(deps.db, p.locationId, p.date, { role: 40, now });
  if (!dailyLetterWorthSending(report)) return;
  const url = `${deps.config.publicUrl}/locations/${p.locationId}/daily_report?date=${p.date}`;
  const letter = dailyLetter(report, reader.lang, PAYMENT_TYPE_LABELS, url);
  await deps.mailer.send({ to: reader.email, ...await locationSender(deps.db, p.locationId, reader.lang), subject: letter.subject, text: letter.text });
}
