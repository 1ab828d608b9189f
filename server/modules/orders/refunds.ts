// Refunds of what an order owes back (POST /api/v2.2/orders/{id}/refund/): recorded as given back
// in cash or to the card, or (#29) sent through the payment provider the money came through.
// A provider's refund is a record of its own (`refunds`): made pending under the order's lock with
// its Idempotence-Key, then sent to the provider outside the lock (a slow provider holds no order),
// then the answer applied under the lock again: succeeded gives the money back (a negative payment,
// the order's paid lowered, its log, an activity entry), failed changes nothing but the record,
// pending waits for the refund.check job or the provider's notification. A refund that got no
// answer at all is sent again with the same key, so the provider makes it once.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readTogether, type Db, type DbOrTx, type Tx } from '../../db/client';
import { certificateRedemptions, certificates, currencies, locations, orderLogs, orders, payments, refunds, users } from '../../db/schema';
import { fieldError, notFound, permissionDenied } from '../../platform/errors';
import { orderBalance } from '../../../domain/orderBalance';
import { fromCents, toCents } from '../../../domain/pricing';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { requireRoleAt, currencyJson, locationToday, roleAt } from '../locations/service';
import { DUMMY_HASH, verifyPassword } from '../../platform/passwords';
import { hitRateLimit } from '../../platform/rateLimit';
import { CASH_INSTEAD_MIN_ROLE, heldOf, holdingJson, kindsOfPaymentType, splitRefund, tenderHoldings, type TenderHolding, type TenderKind } from '../../../domain/refundTenders';
import { idempotentTransaction, lockedTransaction, lockOrder } from '../../platform/locks';
import { enqueueJob } from '../../platform/jobs';
import type { IdempotentCall } from '../../platform/idempotency';
import { moneyParam, wordsParam } from '../../platform/messages';
import { providerOfPayment, REFUND_CHECK_JOB, type PaymentConfig, type ProviderRefund } from '../paymentProviders/provider';
import { currencyOf } from '../paymentProviders/links';
import { orderReceipt } from '../paymentProviders/receipt';
import { ProviderHttpError } from '../paymentProviders/errors';
import { recordEffects, type Effects } from '../../platform/effects';
import { deskShift } from '../till/landing';

/** The payment types a refund can be recorded with: cash, online (through the provider when the money came that way), card, certificate (#38: back onto it). */
export const REFUND_PAYMENT_TYPES = [2, 1, 6, 3] as const;
export type RefundPaymentType = (typeof REFUND_PAYMENT_TYPES)[number];
const ONLINE = 1;
const CASH = 2;
const CERTIFICATE = 3;

/** A refund still pending is asked about 5 minutes on, then every 15 minutes for a day. */
const FIRST_CHECK_MS = 5 * 60_000;
const NEXT_CHECK_MS = 15 * 60_000;
const MAX_CHECKS = 96;

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * Pays back `amount` of what an order holds: a negative payment of the type (of the certificate, with
 * the card terminal's reference), the order's paid lowered by it; its effects (a log entry, an
 * activity entry, payment.created) for the caller to record with its change's. No
 * comment is stored: the negative amount says it is a refund, and a stored word would be in one
 * language on every screen (#18). `extra` names a provider's refund in the log (refund_id, external)
 * or the reason money went back by another tender. Caller holds the order lock; the order is read
 * again, so several refunds in one transaction each lower what the last left. #43 Cash and card given
 * back at the desk leave the open shift of `row.till` (or the location's only one).
 */
export async function recordRefund(tx: Tx, order: OrderRow, userId: number | null, paymentType: number, amount: string,
  extra: Record<string, unknown> = {}, row: { certificateId?: number | null; externalId?: string | null; till?: number | null } = {}): Promise<Refunded> {
  const shift = await deskShift(tx, order.locationId, paymentType, row.till);
  const [refund] = await tx.insert(payments).values({
    orderId: order.id, locationId: order.locationId, paymentType, status: 'paid', purchase: `-${amount}`, userId, comment: '',
    certificateId: row.certificateId ?? null, externalId: row.externalId ?? null, shiftId: shift?.id ?? null,
  }).returning();
  const [before] = await tx.select({ paid: orders.paid }).from(orders).where(eq(orders.id, order.id));
  const paid = fromCents(toCents(before!.paid) - toCents(amount));
  // A paid live order that holds less than its price again (a refund made in the provider's dashboard) owes the rest.
  // Read from the row as it is now: a cancel passes the order as it was before it cancelled it.
  await tx.update(orders).set({
    paid, updatedAt: new Date(),
    status: sql`case when ${orders.status} = ${ORDER_STATUS.paid} and ${paid}::numeric < ${orders.purchase} then ${ORDER_STATUS.pending}::int else ${orders.status} end`,
  }).where(eq(orders.id, order.id));
  const facts = { payment_type: paymentType, payment_id: refund!.id, amount, ...(row.externalId ? { external_id: row.externalId } : {}), ...extra };
  // #42 The activity names who approved by name (the log keeps the id for the order's page).
  const { approved_by_id: _approver, ...said } = facts as Record<string, unknown>;
  return { paymentId: refund!.id, effects: {
    orderLog: { orderId: order.id, type: 'refunded', author: userId, data: facts },
    activity: { locationId: order.locationId, kind: 'money.refund', subject: `#${order.id}`, before: { paid: before!.paid }, after: { paid, ...said } },
    webhooks: { event: 'payment.created', paymentId: refund!.id },
  } };
}

/** A refund written: its payment row, and its after-effects for the caller to record. */
interface Refunded { paymentId: number; effects: Effects }

/**
 * Certificate money back onto its certificate: the refund row, a negative line in the certificate's
 * ledger (its balance restored), and its status ACTIVE again, unless it has expired: an expired
 * certificate stays EXPIRED with its balance back. Caller holds the order lock; takes the certificate's.
 */
async function refundToCertificate(tx: Tx, order: OrderRow, userId: number | null, certificateId: number, amount: string, today: string): Promise<Refunded> {
  const [cert] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for('update');
  const expired = cert!.status === 'EXPIRED' || (cert!.expiresAt !== null && cert!.expiresAt < today);
  const refunded = await recordRefund(tx, order, userId, CERTIFICATE, amount,
    { certificate: cert!.uniqueNumber, ...(expired ? { certificate_expired: true } : {}) }, { certificateId });
  await tx.insert(certificateRedemptions).values({ certificateId, paymentId: refunded.paymentId, amount: `-${amount}` });
  const status = expired ? 'EXPIRED' : cert!.status === 'USED' ? 'ACTIVE' : cert!.status;
  if (status !== cert!.status) await tx.update(certificates).set({ status }).where(eq(certificates.id, certificateId));
  return { ...refunded, effects: { ...refunded.effects, live: { location: order.locationId, kind: 'certificate', payload: { certificate_ids: [certificateId] } } } };
}

/** What an order holds, per tender (latest paid first): its payments and the provider refunds taken off them. */
export async function orderHoldings(db: DbOrTx, order: OrderRow): Promise<TenderHolding[]> {
  const [rows, taken, pending, paidLog] = await readTogether(db, [
    () => db.select({ id: payments.id, type: payments.paymentType, status: payments.status, purchase: payments.purchase, certificateId: payments.certificateId,
      provider: payments.provider, externalId: payments.externalId, created: payments.created }).from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    () => db.select({ paymentId: refunds.paymentId, refundPaymentId: refunds.refundPaymentId, status: refunds.status, cents: sql<string>`${refunds.amount} * 100` })
      .from(refunds).where(eq(refunds.orderId, order.id)),
    () => pendingCents(db, order.id),
    // When each payment's money came in: its "paid" log entry (a link settles long after its row was made).
    () => db.select({ paymentId: sql<string>`${orderLogs.data}->>'payment_id'`, created: orderLogs.created }).from(orderLogs)
      .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.type, 'paid'))),
  ]);
  const paidAt = new Map(paidLog.map((l) => [Number(l.paymentId), l.created.getTime()]));
  const providerTaken = new Map<number, number>();
  const providerRows = new Set<number>();
  for (const t of taken) {
    if (t.refundPaymentId !== null) providerRows.add(t.refundPaymentId);
    if (t.status === 'pending' || t.status === 'succeeded') providerTaken.set(t.paymentId, (providerTaken.get(t.paymentId) ?? 0) + Math.round(Number(t.cents)));
  }
  return tenderHoldings(rows.map((p) => ({
    id: p.id, paid_at: paidAt.get(p.id) ?? p.created.getTime(), payment_type: p.type, status: p.status, purchase: p.purchase, certificate_id: p.certificateId, provider: p.provider,
    provider_refundable: p.provider !== null && p.provider !== 'sandbox' && p.externalId !== null,
    provider_refund_row: providerRows.has(p.id),
  })), providerTaken, toCents(order.paid) - pending);
}

/** Holdings as the order's answer shows them: with each certificate's number and whether it has expired. */
async function holdingsJson(db: DbOrTx, holdings: readonly TenderHolding[], today: string) {
  const ids = holdings.flatMap((h) => (h.certificate_id !== null ? [h.certificate_id] : []));
  const certs = ids.length ? await db.select({ id: certificates.id, number: certificates.uniqueNumber, status: certificates.status, expiresAt: certificates.expiresAt })
    .from(certificates).where(inArray(certificates.id, ids)) : [];
  const byId = new Map(certs.map((c) => [c.id, c]));
  return holdings.map((h) => {
    const c = h.certificate_id !== null ? byId.get(h.certificate_id) : undefined;
    return holdingJson(h, c ? { certificate_number: c.number, certificate_expired: c.status === 'EXPIRED' || (c.expiresAt !== null && c.expiresAt < today) } : {});
  });
}

/**
 * Gives back each part by its own tender, inside the caller's transaction (the order lock held):
 * cash and card (the terminal's reference) and online money without a provider recorded as given
 * back, certificate money onto its certificate, provider money as pending refunds sent after the
 * commit. Returns the provider refunds to send, and the effects of those given back now.
 */
async function refundParts(tx: Tx, order: OrderRow, userId: number | null, parts: readonly TenderHolding[], opts: { externalId?: string | null; today: string; till?: number | null }): Promise<CancelRefunds> {
  const refundIds: number[] = [];
  const effects: Effects[] = [];
  for (const part of parts) {
    const amount = fromCents(part.cents);
    if (part.kind === 'certificate') effects.push((await refundToCertificate(tx, order, userId, part.certificate_id!, amount, opts.today)).effects);
    else if (part.kind === 'provider') {
      const online = (await providerPayments(tx, order.id)).filter((p) => p.id === part.payment_id);
      refundIds.push(...await queueRefunds(tx, order, userId, online, part.cents));
    } else effects.push((await recordRefund(tx, order, userId, part.payment_type, amount, {}, { externalId: part.kind === 'card' ? opts.externalId ?? null : null, till: opts.till })).effects);
  }
  return { refundIds, effects };
}

/** Refunds of a change: the provider refunds to send after its commit, and the effects of those given back in it. */
export interface CancelRefunds { refundIds: number[]; effects: Effects[] }

/** Who decides that cash goes back for another tender's money: the caller, or the manager who confirmed it at the desk. */
export interface CashDecider { value: number; approvedBy?: { id: number; name: string } }

/** A manager's confirmation typed at a cashier's desk: their e-mail and password (#38). */
export interface ManagerApproval { email: string; password: string }

/** Wrong confirmations per caller: a cashier's desk cannot try a manager's password at speed. */
const APPROVAL_LIMIT = { name: 'refund.approval', max: 5, windowSeconds: 15 * 60 };

/**
 * The decider of a cash refund for another tender's money: the caller when they are a manager at the
 * location; else the manager whose e-mail and password were typed at the desk (checked like a sign-in,
 * with a role of 20 or more at this location); else the caller (refused later if cash goes instead).
 */
export async function cashDecider(db: Db, caller: { id: number; value: number }, locationId: number, approval: ManagerApproval | null | undefined): Promise<CashDecider> {
  if (caller.value >= CASH_INSTEAD_MIN_ROLE || !approval) return { value: caller.value };
  await hitRateLimit(db, APPROVAL_LIMIT, String(caller.id));
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${approval.email.trim().toLowerCase()}`).limit(1);
  const ok = await verifyPassword(approval.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || !user.isActive) throw fieldError('approval', 'refund_approval_failed');
  const role = await roleAt(db, user.id, locationId);
  if (!role || role.value < CASH_INSTEAD_MIN_ROLE) throw fieldError('approval', 'refund_approval_not_manager');
  return { value: role.value, approvedBy: { id: user.id, name: user.name || user.email } };
}

/**
 * Cash for money that came by another tender (the till pays out a certificate's or a card's money):
 * only with a reason of 3-500 characters and by a manager at the location (role 20 or more: the
 * caller, or one who confirmed it at the desk). `insteadCents`: how much of the cash is not the
 * order's cash. Returns what the log and the activity entry keep of the decision.
 */
export function cashInsteadFacts(decider: CashDecider | null, insteadCents: number, reason: string | null): Record<string, unknown> {
  if (insteadCents <= 0) return {};
  if (!reason || reason.trim().length < 3) throw fieldError('refund_reason', 'refund_reason_required');
  if (!decider || decider.value < CASH_INSTEAD_MIN_ROLE) throw permissionDenied('refund_cash_instead_role');
  return { refund_reason: reason.trim(), instead_of: fromCents(insteadCents), ...(decider.approvedBy ? { approved_by: decider.approvedBy.name, approved_by_id: decider.approvedBy.id } : {}) };
}

/** The order's payments made through a real provider, each with what is left to give back through it (pending and succeeded refunds taken off). */
async function providerPayments(db: DbOrTx, orderId: number) {
  const paid = await db.select({ id: payments.id, externalId: payments.externalId, provider: payments.provider, purchase: payments.purchase }).from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid'), sql`${payments.provider} is not null and ${payments.provider} <> 'sandbox'`,
      sql`${payments.externalId} is not null`, sql`${payments.purchase} > 0`))
    .orderBy(asc(payments.id));
  if (!paid.length) return [];
  const taken = await db.select({ paymentId: refunds.paymentId, cents: sql<string>`sum(${refunds.amount} * 100)` }).from(refunds)
    .where(and(inArray(refunds.paymentId, paid.map((p) => p.id)), inArray(refunds.status, ['pending', 'succeeded']))).groupBy(refunds.paymentId);
  const takenOf = new Map(taken.map((t) => [t.paymentId, Math.round(Number(t.cents))]));
  return paid.map((p) => ({ ...p, left: toCents(p.purchase) - (takenOf.get(p.id) ?? 0) }));
}

/** What an order's pending refunds are giving back (in kopecks): not yet final, so not to be given back again. */
async function pendingCents(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db.select({ cents: sql<string>`coalesce(sum(${refunds.amount} * 100), 0)` }).from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return Math.round(Number(row?.cents ?? 0));
}

/** The order page's view of its refunds: the records, what is pending, what can still go back through the provider. */
export async function orderRefunds(db: DbOrTx, order: OrderRow, today: string) {
  const [rows, online, pending, holdings] = await readTogether(db, [
    () => db.select({ r: refunds, user: { name: users.name, email: users.email } }).from(refunds).leftJoin(users, eq(users.id, refunds.userId))
      .where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
    () => providerPayments(db, order.id),
    () => pendingCents(db, order.id),
    () => orderHoldings(db, order),
  ]);
  const due = Math.max(0, toCents(orderBalance(order).toRefund) - pending);
  const [tenders, split] = await readTogether(db, [() => holdingsJson(db, holdings, today), () => holdingsJson(db, splitRefund(holdings, due), today)]);
  const onlineLeft = online.reduce((s, p) => s + Math.max(0, p.left), 0);
  return {
    refund_pending: fromCents(pending),
    online_refundable: fromCents(Math.min(due, onlineLeft)),
    // A live order owes nothing back yet; its cancel gives this back through the provider (the desk's question).
    online_paid: fromCents(onlineLeft),
    // #38: what it holds per tender, latest paid first (what a cancel gives back, each its own way), and how what is due splits over them.
    refund_tenders: tenders,
    refund_split: split,
    refunds: rows.map(({ r, user }) => ({
      id: r.id, payment_id: r.paymentId, provider: r.provider, amount: r.amount, status: r.status, external_id: r.externalId,
      external: r.external, by_customer: askedBy(r).by === 'customer', automatic: r.automatic, error: r.error, receipt_status: r.receiptStatus, created: r.createdAt.toISOString(),
      user: user?.email ? { name: user.name || user.email } : null,
    })),
  };
}

async function maxParam(tx: DbOrTx, locationId: number, cents: number) {
  const [row] = await tx.select({ c: currencies }).from(locations).leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, locationId));
  return { max: moneyParam(fromCents(cents), currencyJson(row?.c)) };
}

export interface RefundInput {
  payment_type: RefundPaymentType;
  amount: string | null;
  /** #38 card: the terminal's reference of its refund. */
  external_id?: string | null;
  /** #38: why cash goes back for money that came by another tender. */
  refund_reason?: string | null;
  /** #38: a manager's confirmation of cash instead, typed at a cashier's desk. */
  approval?: ManagerApproval | null;
  /** #43 The desk's till: cash and card leave its open shift. */
  till?: number | null;
}

/**
 * POST /api/v2.2/orders/{id}/refund/: what an order owes back (all a cancelled order holds, or what
 * a live order holds beyond its price, #25), all of it or `amount` of it; never more than is due
 * (pending refunds taken off). #38: by the tender asked, never more than that tender holds on the
 * order, its parts latest paid first: online through the provider (its refusal is a 400 naming the
 * provider's reason, after the failed record is kept; online money without a provider recorded),
 * a certificate's money back onto it, card (the terminal's reference) and cash recorded. Cash beyond
 * the order's cash is paid out instead of another tender: only with a reason, by a manager.
 * `call`: the Idempotency-Key; a retry answers the same refunds (sent again, same key, if they got no answer).
 */
/** #45 The customer's notice of money given back: at once for cash, card, certificate; a provider's refund once it has succeeded. */
const refundNotice = (orderId: number, cents: number): Effects => ({ messages: { kind: 'refund', payload: { orderId, amount: fromCents(cents) } } });

export async function refundOrderDue(db: Db, config: PaymentConfig, userId: number, orderId: number, input: RefundInput, call?: IdempotentCall): Promise<void> {
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!existing) throw notFound();
  const role = await requireRoleAt(db, userId, existing.locationId);
  const decider = await cashDecider(db, { id: userId, value: role.value }, existing.locationId, input.approval);
  const today = await locationToday(db, existing.locationId);
  const { refundIds } = await idempotentTransaction(db, call, async (tx) => {
    if (!(await lockOrder(tx, orderId))) throw notFound();
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const due = toCents(orderBalance(order!).toRefund) - await pendingCents(tx, orderId);
    if (due <= 0) throw fieldError('non_field_errors', 'refund_nothing');
    const holdings = await orderHoldings(tx, order!);
    const kinds = kindsOfPaymentType(input.payment_type);
    const own = holdings.filter((h) => kinds.includes(h.kind));
    const ownCents = Math.min(due, heldOf(own));
    // Without an amount: all that is due in cash (an explicit choice), else as much as the tender holds.
    const amount = input.amount !== null ? toCents(input.amount) : input.payment_type === CASH || ownCents <= 0 ? due : ownCents;
    if (amount > due) throw fieldError('amount', 'refund_over_due', await maxParam(tx, order!.locationId, due));
    if (input.payment_type === CASH) {
      const facts = cashInsteadFacts(decider, amount - Math.min(amount, ownCents), input.refund_reason ?? null);
      await recordEffects(tx, (await recordRefund(tx, order!, userId, CASH, fromCents(amount), facts, { till: input.till })).effects, refundNotice(orderId, amount));
      return { refundIds: [] as number[] };
    }
    if (amount > ownCents) {
      const key = input.payment_type === CERTIFICATE ? 'refund_over_certificate' : input.payment_type === ONLINE ? 'refund_over_online' : 'refund_over_card';
      throw fieldError('amount', key, await maxParam(tx, order!.locationId, ownCents));
    }
    const split = splitRefund(own, amount);
    const parts = await refundParts(tx, order!, userId, split, { externalId: input.external_id ?? null, today, till: input.till });
    // The customer hears of money given back now; a provider's part only once the provider has made it (applyRefundAnswer).
    const givenNow = split.filter((p) => p.kind !== 'provider').reduce((sum, p) => sum + p.cents, 0);
    await recordEffects(tx, ...parts.effects, ...(givenNow > 0 ? [refundNotice(orderId, givenNow)] : []));
    return { refundIds: parts.refundIds };
  });
  const refused = await sendRefunds(db, config, refundIds);
  if (refused.length) throw fieldError('non_field_errors', 'refund_failed', { provider_error: wordsParam('provider_error', refused) });
}

/**
 * #38 the cancel's refund, inside the cancel's transaction (the order lock held, `order` as it was):
 * `original` gives every tender back its own way (refundParts); `cash` pays all of it in cash, the
 * part that came by other tenders only with a reason by a manager (checked by the caller before).
 * Returns the provider refunds to send after the commit.
 */
export async function refundOnCancel(tx: Tx, order: OrderRow, userId: number | null, how: 'original' | 'cash',
  opts: { externalId?: string | null; refundReason?: string | null; decider: CashDecider | null; today: string; till?: number | null }): Promise<CancelRefunds> {
  const holdings = await orderHoldings(tx, order);
  const held = heldOf(holdings);
  if (held <= 0) return { refundIds: [], effects: [] };
  if (how === 'original') return refundParts(tx, order, userId, holdings, { externalId: opts.externalId, today: opts.today, till: opts.till });
  const facts = cashInsteadFacts(opts.decider, held - heldOf(holdings.filter((h) => h.kind === 'cash')), opts.refundReason ?? null);
  return { refundIds: [], effects: [(await recordRefund(tx, order, userId, CASH, fromCents(held), facts, { till: opts.till })).effects] };
}

/** Pending refund records of `cents` over the order's provider payments, oldest first: one each (a provider refunds one payment at a time). Caller holds the order lock. */
async function queueRefunds(tx: Tx, order: OrderRow, userId: number | null, online: Awaited<ReturnType<typeof providerPayments>>, cents: number, automatic = false): Promise<number[]> {
  const refundIds: number[] = [];
  let rest = cents;
  for (const p of online) {
    const part = Math.min(rest, Math.max(0, p.left));
    if (part <= 0) continue;
    rest -= part;
    const [row] = await tx.insert(refunds).values({
      orderId: order.id, locationId: order.locationId, paymentId: p.id, provider: p.provider!, amount: fromCents(part), idempotenceKey: crypto.randomUUID(), userId, automatic,
    }).returning({ id: refunds.id });
    refundIds.push(row!.id);
    // Committed with the record: a server that stops before the provider answers still asks it (same key).
    await enqueueJob(tx, REFUND_CHECK_JOB, { refundId: row!.id } satisfies RefundCheckJob, new Date(Date.now() + FIRST_CHECK_MS));
  }
  return refundIds;
}

/**
 * #46 A tender the customer's own page can give back without the desk: provider money through its
 * provider, certificate money onto its certificate. Cash, card and online money no provider can
 * return are handed back at the venue (they stay owed, for the staff's refund).
 */
export const givenBackByItself = (kind: TenderKind) => kind === 'provider' || kind === 'certificate';

/**
 * #46 What a customer's cancel gives back, part by part (latest paid first), before they confirm it:
 * `cents` of what the order holds (all of it before the cut-off; less what a late cancel keeps).
 */
export async function customerRefundPreview(db: DbOrTx, order: OrderRow, cents: number, today: string) {
  const parts = splitRefund(await orderHoldings(db, order), cents);
  const shown = await holdingsJson(db, parts, today);
  return shown.map((part, i) => ({ ...part, automatic: givenBackByItself(parts[i]!.kind) }));
}

/**
 * The customer's cancel (#29, #46: by tender) in the cancel's own transaction (the order lock held,
 * `order` as it was before the cancel), no user: provider money goes back through its provider
 * (queued, sent after the commit), certificate money onto its certificate now; what came in cash or
 * by card stays owed back, handed back at the venue. Returns the refunds to send, the effects of
 * those given back now and what is left owed back.
 */
export async function customerCancelRefunds(tx: Tx, order: OrderRow, today: string): Promise<CancelRefunds & { restCents: number }> {
  return customerRefunds(tx, order, toCents(order.paid) - await pendingCents(tx, order.id), today);
}

/**
 * #46 What the order holds beyond its price after the customer moved it to a cheaper session, given
 * back the same way as their cancel (customerRefunds), with its log entry for what stays owed.
 */
export async function customerOverpaidRefunds(tx: Tx, order: OrderRow, today: string): Promise<CancelRefunds> {
  const over = toCents(order.paid) - await pendingCents(tx, order.id) - toCents(order.purchase);
  if (over <= 0) return { refundIds: [], effects: [] };
  const { refundIds, effects, restCents } = await customerRefunds(tx, order, over, today);
  return { refundIds, effects: [...effects, ...(restCents > 0
    ? [{ orderLog: { orderId: order.id, type: 'refund_due' as const, author: null, data: { amount: fromCents(restCents), by: 'customer' } } }] : [])] };
}

/** `due` kopecks of what the order holds given back, latest paid first: provider and certificate money by themselves, the rest left owed. */
async function customerRefunds(tx: Tx, order: OrderRow, due: number, today: string): Promise<CancelRefunds & { restCents: number }> {
  const parts = splitRefund(await orderHoldings(tx, order), Math.max(0, due));
  const refundIds: number[] = [];
  const effects: Effects[] = [];
  let given = 0;
  for (const part of parts) {
    if (part.kind === 'certificate') effects.push((await refundToCertificate(tx, order, null, part.certificate_id!, fromCents(part.cents), today)).effects);
    else if (part.kind === 'provider') {
      const online = (await providerPayments(tx, order.id)).filter((p) => p.id === part.payment_id);
      const ids = await queueRefunds(tx, order, null, online, part.cents);
      if (!ids.length) continue;
      refundIds.push(...ids);
    } else continue;
    given += part.cents;
  }
  return { refundIds, effects, restCents: Math.max(0, due - given) };
}

/**
 * #38 A provider payment that reached a link we had closed (the order paid another way, or
 * cancelled) goes back in full through its provider, by the product itself: its refund record and
 * its refund.check job in the caller's transaction (the settle's, the order lock held, the payment
 * already recorded paid), sent after the commit (sendRefunds). None (an empty list) for a payment no
 * provider can give back (the sandbox's): it stays owed back for the staff.
 */
export async function queueLateRefund(tx: Tx, order: OrderRow, paymentId: number): Promise<number[]> {
  const online = (await providerPayments(tx, order.id)).filter((p) => p.id === paymentId);
  const cents = online.reduce((s, p) => s + Math.max(0, p.left), 0);
  return cents > 0 ? queueRefunds(tx, order, null, online, cents, true) : [];
}

/** Sends refunds just queued (after their transaction committed); returns the providers' refusals. */
export async function sendRefunds(db: Db, config: PaymentConfig, refundIds: number[]): Promise<string[]> {
  const refused: string[] = [];
  for (const id of refundIds) {
    const r = await sendRefund(db, config, id);
    if (r?.status === 'failed') refused.push(r.error ?? 'failed');
  }
  return refused;
}

/** Who asked for a refund, in its log and activity entries: the product itself (#38, a late payment), else a refund of ours with no user is the customer's cancel. */
const askedBy = (r: RefundRow): { by?: string } => (r.automatic ? { by: 'system' } : r.userId === null && !r.external ? { by: 'customer' } : {});

const refusal = (r: RefundRow & { paymentExternalId: string }, error: string): ProviderRefund =>
  ({ externalId: null, paymentExternalId: r.paymentExternalId, amount: r.amount, status: 'failed', error, receiptStatus: null });

/**
 * Brings a pending refund to the provider's word: sends it (never answered yet: the same key, so
 * the provider makes it once) or reads it (answered pending), and applies the answer. No answer at
 * all leaves it pending for the job. Returns the record as it is now.
 */
async function sendRefund(db: Db, config: PaymentConfig, refundId: number): Promise<RefundRow | null> {
  const [row] = await db.select({ r: refunds, p: payments }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, refundId));
  if (!row || row.r.status !== 'pending') return row?.r ?? null;
  const r = { ...row.r, paymentExternalId: row.p.externalId ?? '' };
  const provider = await providerOfPayment(db, config, { provider: row.p.provider, locationId: row.p.locationId, isTopUp: false });
  let answer: ProviderRefund | null;
  try {
    if (!provider?.refund || !provider.fetchRefund) answer = refusal(r, 'payment_provider_off');
    else if (r.externalId) answer = await provider.fetchRefund(r.externalId);
    else {
      const currency = await currencyOf(db, r.locationId);
      // The refund receipt (54-FZ) of the amount given back, when the account sends receipts.
      const receipt = provider.receipts ? await orderReceipt(db, provider, r.orderId, r.amount, currency) : null;
      answer = await provider.refund({ paymentExternalId: r.paymentExternalId, amount: r.amount, currency, idempotenceKey: r.idempotenceKey, receipt });
    }
  } catch (err) {
    if (err instanceof ProviderHttpError) return row.r;
    throw err;
  }
  if (!answer) return row.r;
  return applyRefundAnswer(db, refundId, answer);
}

/** The provider's answer on a pending refund, under the order's lock; a refund already final stays as it is. */
async function applyRefundAnswer(db: Db, refundId: number, answer: ProviderRefund): Promise<RefundRow> {
  return lockedTransaction(db, async (tx) => {
    const [ref] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    await lockOrder(tx, ref!.orderId);
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (r!.status !== 'pending') return r!;
    const facts = { externalId: answer.externalId ?? r!.externalId, receiptStatus: answer.receiptStatus ?? r!.receiptStatus, updatedAt: new Date() };
    if (answer.status === 'pending') {
      // Said once: the provider took it and has not finished.
      if (!r!.externalId) {
        await recordEffects(tx, { orderLog: { orderId: r!.orderId, type: 'refund_pending', author: r!.userId, data: { payment_type: ONLINE, amount: r!.amount, refund_id: r!.id, ...askedBy(r!) } } });
      }
      const [now] = await tx.update(refunds).set(facts).where(eq(refunds.id, refundId)).returning();
      return now!;
    }
    if (answer.status === 'failed') {
      await recordEffects(tx, { orderLog: { orderId: r!.orderId, type: 'refund_failed', author: r!.userId, data: { payment_type: ONLINE, amount: r!.amount, refund_id: r!.id, error: answer.error, ...askedBy(r!) } } });
      const [now] = await tx.update(refunds).set({ ...facts, status: 'failed', error: answer.error }).where(eq(refunds.id, refundId)).returning();
      return now!;
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, r!.orderId));
    const refunded = await recordRefund(tx, order!, r!.userId, ONLINE, r!.amount, { refund_id: r!.id, ...askedBy(r!) });
    await recordEffects(tx, refunded.effects, refundNotice(r!.orderId, toCents(r!.amount)));
    const [now] = await tx.update(refunds).set({ ...facts, status: 'succeeded', refundPaymentId: refunded.paymentId }).where(eq(refunds.id, refundId)).returning();
    return now!;
  });
}

export interface RefundCheckJob { refundId: number; checks?: number }

/** The refund.check job: sends or reads a refund still pending; asks again later while it stays pending. */
export async function checkRefund(db: Db, config: PaymentConfig, job: RefundCheckJob): Promise<void> {
  const r = await sendRefund(db, config, job.refundId);
  const checks = (job.checks ?? 0) + 1;
  if (r?.status === 'pending' && checks < MAX_CHECKS) {
    await enqueueJob(db, REFUND_CHECK_JOB, { refundId: job.refundId, checks } satisfies RefundCheckJob, new Date(Date.now() + NEXT_CHECK_MS));
  }
}

/**
 * A provider's notification of a refund (YooKassa's refund.succeeded): never believed, the refund is
 * read from the provider with the credentials of the account of the payment it names. Our own
 * refund is settled by it; one made in the provider's dashboard is recorded as an external refund,
 * once (the record's unique provider id). `pending`: ask again later (the provider retries).
 */
export async function recordProviderRefund(db: Db, config: PaymentConfig, where: { provider: string; externalId: string; paymentExternalId: string | null }): Promise<'settled' | 'already' | 'pending' | 'unknown'> {
  const [own] = await db.select().from(refunds).where(and(eq(refunds.provider, where.provider), eq(refunds.externalId, where.externalId)));
  if (own) {
    if (own.status !== 'pending') return 'already';
    const now = await sendRefund(db, config, own.id);
    return now?.status === 'pending' ? 'pending' : 'settled';
  }
  if (!where.paymentExternalId) return 'unknown';
  const [p] = await db.select().from(payments)
    .where(and(eq(payments.provider, where.provider), eq(payments.externalId, where.paymentExternalId), eq(payments.status, 'paid')));
  if (!p?.orderId) return 'unknown';
  const provider = await providerOfPayment(db, config, { provider: p.provider, locationId: p.locationId, isTopUp: false });
  const got = provider?.fetchRefund ? await provider.fetchRefund(where.externalId) : null;
  if (!got?.externalId || got.paymentExternalId !== p.externalId) return 'unknown';
  if (got.status !== 'succeeded') return got.status === 'pending' ? 'pending' : 'unknown';
  const orderId = p.orderId;
  return lockedTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    const [again] = await tx.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.provider, where.provider), eq(refunds.externalId, got.externalId!)));
    if (again) return 'already';
    // One of ours the provider never answered may be this one: its retry (same key) will tell; the provider notifies again meanwhile.
    const [unanswered] = await tx.select({ id: refunds.id }).from(refunds)
      .where(and(eq(refunds.paymentId, p.id), eq(refunds.status, 'pending'), isNull(refunds.externalId)));
    if (unanswered) return 'pending';
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const [row] = await tx.insert(refunds).values({
      orderId, locationId: order!.locationId, paymentId: p.id, provider: where.provider, amount: fromCents(toCents(got.amount)), status: 'succeeded',
      externalId: got.externalId, idempotenceKey: `${where.provider}:${got.externalId}`, external: true, receiptStatus: got.receiptStatus,
    }).returning({ id: refunds.id });
    const refunded = await recordRefund(tx, order!, null, ONLINE, fromCents(toCents(got.amount)), { refund_id: row!.id, external: true });
    await recordEffects(tx, refunded.effects);
    await tx.update(refunds).set({ refundPaymentId: refunded.paymentId }).where(eq(refunds.id, row!.id));
    return 'settled' as const;
  });
}
