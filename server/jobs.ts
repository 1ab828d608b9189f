// The job kinds the server knows and their handlers.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './deps';
import { BILL_LETTER_JOB, CERTIFICATE_LETTER_JOB, JobWorker, PRUNE_JOBS_JOB, pruneFinishedJobs, schedulePruning, WIDGET_CANCEL_LETTER_JOB, WIDGET_HELD_LETTER_JOB, WIDGET_LETTER_JOB, type BillLetterJob, type CertificateLetterJob, type WidgetCancelLetterJob } from './platform/jobs';
import { pickLanguage, translate } from './platform/messages';
import { autoCancelIfUnpaid } from './modules/orders/billing';
import { cancelBooking } from './modules/orders/booking';
import { certificateLetterFacts, expireCertificates } from './modules/certificates/service';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { jobs } from './db/schema';
import { enqueueJob } from './platform/jobs';
import { deliverWebhook } from './modules/webhooks/delivery';
import { DELIVER_JOB, type DeliverJob } from './platform/outbox';
import { sendArrivalLinkLetter, sendWidgetCancelLetter, sendWidgetHeldLetter, sendWidgetLetter } from './modules/widget/letter';
import { RESET_REQUEST_JOB, sendPasswordReset, type ResetRequestJob } from './modules/auth/service';
import { sendBillLetter } from './modules/orders/billLetter';
import { INVITATION_LETTER_JOB, sendInvitation, type InvitationLetterJob } from './modules/staff/service';
import { locationSender } from './modules/locations/letters';
import { LINK_CLOSE_JOB, PAYMENT_CHECK_JOB, REFUND_CHECK_JOB, SETTLEMENT_RECEIPT_JOB } from './modules/paymentProviders/provider';
import { settleReceipt, type SettlementJob } from './modules/paymentNotices/settlement';
import { checkRefund, type RefundCheckJob } from './modules/orders/refunds';
import { checkPendingPayment, closeLinkAtProvider, settleFromProvider, type PaymentCheckJob } from './modules/paymentNotices/check';
import { EXPIRE_EVENTS_JOB, expireEvents, scheduleEventExpiry } from './modules/live/retention';
import { NO_SHOW_EVERY_MS, NO_SHOW_JOB, markNoShows, scheduleNoShows } from './modules/arrivals/noShows';
import { ARRIVAL_LINK_LETTER_JOB, type ArrivalLinkLetterJob } from './platform/jobs';
import { MESSAGE_SEND_JOB, type MessageSendJob } from './modules/messages/plan';
import { MESSAGE_SWEEP_EVERY_MS, MESSAGE_SWEEP_JOB, scheduleMessageSweep, sendMessages, sweepMessages } from './modules/messages/send';
import { RETENTION_EVERY_MS, RETENTION_JOB, applyRetention, scheduleRetention } from './modules/people/retention';
import { DAILY_LETTER_JOB, DAILY_LETTERS_EVERY_MS, DAILY_LETTERS_JOB, queueDailyLetters, scheduleDailyLetters, sendDailyLetter, type DailyLetterJob } from './modules/till/dailyLetter';

/** Books the next expiry run unless one is already waiting (so restarts do not multiply it). */
export async function scheduleCertificateExpiry(db: Db, runAt = new Date()): Promise<void> {
  const [pending] = await db.select({ id: jobs.id }).from(jobs)
    .where(sql`${jobs.kind} = 'certificates.expire' and ${jobs.doneAt} is null and ${jobs.runAt} > now()`).limit(1);
  if (!pending) await enqueueJob(db, 'certificates.expire', {}, runAt);
}

export function createJobWorker(deps: Deps, log: FastifyBaseLogger): JobWorker {
  return new JobWorker(deps.db, {
    'order.auto_cancel': async (p: { orderId: number; paymentId: number }) => {
      // #29: the provider's word first: a link paid just before the deadline whose notification is late settles, not cancels.
      await settleFromProvider(deps.db, deps.config, { paymentId: p.paymentId }).catch((err) => log.warn({ err, paymentId: p.paymentId }, 'provider not asked before auto-cancel'));
      await autoCancelIfUnpaid(deps.db, p.orderId, p.paymentId, async (orderId) => { await cancelBooking(deps.db, { userId: null }, orderId, 'auto_cancelled'); });
    },
    // Hourly: certificates past their date become EXPIRED; the job books its own next run.
    'certificates.expire': async () => {
      await expireCertificates(deps.db);
      await scheduleCertificateExpiry(deps.db, new Date(Date.now() + 3_600_000));
    },
    [CERTIFICATE_LETTER_JOB]: async (p: CertificateLetterJob) => {
      const lang = pickLanguage(p.lang);
      const facts = await certificateLetterFacts(deps.db, p.certificateId, lang);
      if (!facts) return;
      await deps.mailer.send({
        to: facts.to,
        ...await locationSender(deps.db, facts.locationId, lang), // #42 the location's sender name and reply address
        subject: translate(lang, 'certificate_mail_subject'),
        text: translate(lang, 'certificate_mail_text', facts.args),
      });
    },
    // A password reset request: the job decides whether there is an account to write to.
    [RESET_REQUEST_JOB]: async (p: ResetRequestJob) => {
      await sendPasswordReset(deps.db, deps.mailer, p, { publicUrl: deps.config.publicUrl, ttlMinutes: deps.config.resetKeyTtlMinutes });
    },
    // Letters queued by servers before the job above existed.
    'mail.password_reset': async (p: { to: string; name: string; link: string; minutes: number; lang: string }) => {
      const lang = pickLanguage(p.lang);
      await deps.mailer.send({
        to: p.to,
        subject: translate(lang, 'reset_mail_subject'),
        text: translate(lang, 'reset_mail_text', { name: p.name, email: p.to, link: p.link, minutes: p.minutes }),
      });
    },
    // #28 STAFF: an invitation's letter (the job writes its key); since #38 an existing account is invited too.
    [INVITATION_LETTER_JOB]: async (p: InvitationLetterJob) => {
      await sendInvitation(deps.db, deps.mailer, p, deps.config.publicUrl);
    },
    // #29 A link still processing 15 minutes on: the provider is asked (a lost notification).
    [PAYMENT_CHECK_JOB]: async (p: PaymentCheckJob) => {
      await checkPendingPayment(deps.db, deps.config, p);
    },
    // #29 A link closed on our side, closed at its provider (Stripe's expire) so the customer cannot pay it.
    [LINK_CLOSE_JOB]: async (p: { paymentId: number }) => {
      await closeLinkAtProvider(deps.db, deps.config, p);
    },
    // #29 A refund through the provider still pending (or never answered): asked again, same key.
    [REFUND_CHECK_JOB]: async (p: RefundCheckJob) => {
      await checkRefund(deps.db, deps.config, p);
    },
    // #29 receipts: a paid prepayment's settlement receipt once its session has begun, read until final.
    [SETTLEMENT_RECEIPT_JOB]: async (p: SettlementJob) => {
      await settleReceipt(deps.db, deps.config, p);
    },
    // A payment link's letter to the customer.
    [BILL_LETTER_JOB]: async (p: BillLetterJob) => {
      await sendBillLetter(deps, p);
    },
    // The confirmation letter of a booking made in the customer widget.
    [WIDGET_CANCEL_LETTER_JOB]: async (p: WidgetCancelLetterJob) => {
      await sendWidgetCancelLetter(deps, p);
    },
    [WIDGET_LETTER_JOB]: async (p: { orderId: number }) => {
      await sendWidgetLetter(deps, p.orderId);
    },
    // #40 A held widget booking's letter with its payment link, sent at once.
    [WIDGET_HELD_LETTER_JOB]: async (p: { orderId: number }) => {
      await sendWidgetHeldLetter(deps, p.orderId);
    },
    // One attempt of a webhook delivery; the handler books its own retries (about three days).
    [DELIVER_JOB]: async (p: DeliverJob) => {
      await deliverWebhook(deps.db, deps.config.webhookAllowPrivate, p);
    },
    // #41 Daily: jobs finished more than 30 days ago are pruned; the job books its own next run.
    [PRUNE_JOBS_JOB]: async () => {
      await pruneFinishedJobs(deps.db);
      await schedulePruning(deps.db, new Date(Date.now() + 24 * 3_600_000));
    },
    // #44 Every minute: paid-type orders nobody came to by their session's start and the grace minutes become no-shows.
    [NO_SHOW_JOB]: async () => {
      await markNoShows(deps.db);
      await scheduleNoShows(deps.db, new Date(Date.now() + NO_SHOW_EVERY_MS));
    },
    // #44 The guests' arrival link, sent by staff to the order's e-mail.
    [ARRIVAL_LINK_LETTER_JOB]: async (p: ArrivalLinkLetterJob) => {
      await sendArrivalLinkLetter(deps, p);
    },
    // Hourly: the live desk's events past their retention; the job books its own next run.
    [EXPIRE_EVENTS_JOB]: async () => {
      await expireEvents(deps.db);
      await scheduleEventExpiry(deps.db, new Date(Date.now() + 3_600_000));
    },
    // #43 Every 15 minutes: each location's day just ended gets its letters queued, once; the job books its own next run.
    [DAILY_LETTERS_JOB]: async () => {
      await queueDailyLetters(deps.db);
      await scheduleDailyLetters(deps.db, new Date(Date.now() + DAILY_LETTERS_EVERY_MS));
    },
    // #45 One try of each message to a customer (e-mail or SMS), up to 100 due together in one run; it books its own retries.
    [MESSAGE_SEND_JOB]: { size: 100, many: (p: MessageSendJob[]) => sendMessages(deps, p) },
    // #45 Every minute: sends left in flight read back or marked unknown, SMS delivery read back; the job books its own next run.
    [MESSAGE_SWEEP_JOB]: async () => {
      await sweepMessages(deps);
      await scheduleMessageSweep(deps.db, new Date(Date.now() + MESSAGE_SWEEP_EVERY_MS));
    },
    // #47 Hourly: guests past their location's retention have their personal data erased; the job books its own next run.
    [RETENTION_JOB]: async () => {
      await applyRetention(deps.db, deps.config.smtpUrl ? null : path.join(deps.config.dataDir, 'mail'));
      await scheduleRetention(deps.db, new Date(Date.now() + RETENTION_EVERY_MS));
    },
    // #43 One administrator's daily letter.
    [DAILY_LETTER_JOB]: async (p: DailyLetterJob) => {
      await sendDailyLetter(deps, p);
    },
  }, log);
}
