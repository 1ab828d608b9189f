// What a location sells besides sessions (#28 CATALOGUE): certificate rates, certificate designs
// and event packages, each added, changed, retired or deleted by the location's administrator.
// An item already sold (a certificate of that rate or design made at the location, an order with
// that package) is retired (active false): the sale forms stop offering it, its sales keep their
// text. One never sold is deleted. Every change writes an activity entry of the item's own kind
// (certificate_rate.*, certificate_design.*, event_package.*).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { certificateDesigns, certificateRates, certificates, eventPackages, orders } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireManagerAt, requireRoleAt } from '../locations/service';
import { requireRowAt } from '../locations/rows';
import { recordEffects } from '../../platform/effects';

type Rate = typeof certificateRates.$inferSelect;
type Design = typeof certificateDesigns.$inferSelect;
type Package = typeof eventPackages.$inferSelect;

export const rateJson = (r: Rate) => ({ id: r.id, rate: r.rate, active: r.active });
export const designJson = (d: Design) => ({ id: d.id, name: d.name, active: d.active });
export const packageJson = (p: Package) => ({ id: p.id, name: p.name, price: p.price, active: p.active, valid_from: p.validFrom, valid_to: p.validTo });

/**
 * #42 How the activity log keeps each item: its own kinds (certificate_rate.*, certificate_design.*,
 * event_package.*), named by its name (a rate has none: its amount is in the fields), never its id.
 */
type ItemKind = 'certificate_rate' | 'certificate_design' | 'event_package';
const logged = {
  rate: (r: Rate) => ({ rate: r.rate, active: r.active }),
  design: (d: Design) => ({ name: d.name, active: d.active }),
  package: (p: Package) => ({ name: p.name, price: p.price, active: p.active, valid_from: p.validFrom, valid_to: p.validTo }),
};
const subjectOf = {
  rate: (_r: Rate) => '',
  design: (d: Design) => d.name,
  package: (p: Package) => p.name,
};

const exists = async (db: DbOrTx, query: ReturnType<typeof sql>) => Boolean((await db.execute<{ e: boolean }>(sql`SELECT EXISTS (${query}) AS e`)).rows[0]?.e);

const rateSold = (db: DbOrTx, r: Rate) => exists(db, sql`SELECT 1 FROM ${certificates} WHERE ${certificates.creatingLocationId} = ${r.locationId} AND ${certificates.rate} = ${r.rate}`);
const designSold = (db: DbOrTx, d: Design) => exists(db, sql`SELECT 1 FROM ${certificates} WHERE ${certificates.creatingLocationId} = ${d.locationId} AND lower(${certificates.design}) = lower(${d.name})`);
const packageSold = (db: DbOrTx, p: Package) => exists(db, sql`SELECT 1 FROM ${orders} WHERE ${orders.locationId} = ${p.locationId} AND ${orders.eventTypeId} = ${p.id}`);

/** The item named by the path, after requireRowAt's checks (missing or a stranger's: 404; too low a role: 403). */
async function rowAt<T>(db: Db, userId: number, table: typeof certificateRates | typeof certificateDesigns | typeof eventPackages, id: number, read: () => Promise<T[]>): Promise<T> {
  await requireRowAt(db, userId, table, id);
  const [row] = await read();
  if (!row) throw notFound();
  return row;
}

// Certificate rates.
export async function listRates(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  return (await db.select().from(certificateRates).where(eq(certificateRates.locationId, locationId)).orderBy(certificateRates.rate)).map(rateJson);
}
export async function createRate(db: Db, userId: number, locationId: number, input: { rate: string; active?: boolean }) {
  await requireRoleAt(db, userId, locationId);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(certificateRates).values({ locationId, rate: input.rate, active: input.active ?? true }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'certificate_rate.created', subject: subjectOf.rate(row!), after: logged.rate(row!) } });
    return rateJson(row!);
  });
}
export async function updateRate(db: Db, userId: number, id: number, input: { rate: string; active?: boolean }) {
  const before = await rowAt(db, userId, certificateRates, id, () => db.select().from(certificateRates).where(eq(certificateRates.id, id)));
  return db.transaction(async (tx) => {
    const [row] = await tx.update(certificateRates).set({ rate: input.rate, active: input.active ?? before.active }).where(eq(certificateRates.id, id)).returning();
    await recordEffects(tx, { activity: { locationId: before.locationId, kind: changeKind('certificate_rate', before, row!), subject: subjectOf.rate(row!), before: logged.rate(before), after: logged.rate(row!) } });
    return rateJson(row!);
  });
}
export async function removeRate(db: Db, userId: number, id: number) {
  const row = await rowAt(db, userId, certificateRates, id, () => db.select().from(certificateRates).where(eq(certificateRates.id, id)));
  await retireOrDelete(db, row, rateSold, certificateRates, 'certificate_rate', logged.rate, subjectOf.rate);
}

// Certificate designs.
export async function listDesigns(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  return (await db.select().from(certificateDesigns).where(eq(certificateDesigns.locationId, locationId)).orderBy(certificateDesigns.id)).map(designJson);
}
export async function createDesign(db: Db, userId: number, locationId: number, input: { name: string; active?: boolean }) {
  await requireRoleAt(db, userId, locationId);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(certificateDesigns).values({ locationId, name: input.name, active: input.active ?? true }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'certificate_design.created', subject: subjectOf.design(row!), after: logged.design(row!) } });
    return designJson(row!);
  });
}
export async function updateDesign(db: Db, userId: number, id: number, input: { name: string; active?: boolean }) {
  const before = await rowAt(db, userId, certificateDesigns, id, () => db.select().from(certificateDesigns).where(eq(certificateDesigns.id, id)));
  return db.transaction(async (tx) => {
    // Sold certificates name their design by its text: renaming it would orphan them.
    if (input.name !== before.name && await designSold(tx, before)) throw fieldError('name', 'design_sold_rename');
    const [row] = await tx.update(certificateDesigns).set({ name: input.name, active: input.active ?? before.active }).where(eq(certificateDesigns.id, id)).returning();
    await recordEffects(tx, { activity: { locationId: before.locationId, kind: changeKind('certificate_design', before, row!), subject: subjectOf.design(row!), before: logged.design(before), after: logged.design(row!) } });
    return designJson(row!);
  });
}
export async function removeDesign(db: Db, userId: number, id: number) {
  const row = await rowAt(db, userId, certificateDesigns, id, () => db.select().from(certificateDesigns).where(eq(certificateDesigns.id, id)));
  await retireOrDelete(db, row, designSold, certificateDesigns, 'certificate_design', logged.design, subjectOf.design);
}

// Event packages.
export interface PackageInput { name: string; price: string; valid_from?: string | null; valid_to?: string | null; active?: boolean }
const packageValues = (input: PackageInput) => {
  if (input.valid_from && input.valid_to && input.valid_to < input.valid_from) throw fieldError('valid_to', 'invalid');
  return { name: input.name, price: input.price, validFrom: input.valid_from ?? null, validTo: input.valid_to ?? null };
};
/** Every package (the administrator's screen; the route declares no role, its dated form is the desk's). */
export async function listPackages(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  return (await db.select().from(eventPackages).where(eq(eventPackages.locationId, locationId)).orderBy(eventPackages.id)).map(packageJson);
}
export async function createPackage(db: Db, userId: number, locationId: number, input: PackageInput) {
  await requireRoleAt(db, userId, locationId);
  const values = packageValues(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(eventPackages).values({ locationId, ...values, active: input.active ?? true }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'event_package.created', subject: subjectOf.package(row!), after: logged.package(row!) } });
    return packageJson(row!);
  });
}
export async function updatePackage(db: Db, userId: number, id: number, input: PackageInput) {
  const before = await rowAt(db, userId, eventPackages, id, () => db.select().from(eventPackages).where(eq(eventPackages.id, id)));
  const values = packageValues(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(eventPackages).set({ ...values, active: input.active ?? before.active }).where(eq(eventPackages.id, id)).returning();
    await recordEffects(tx, { activity: { locationId: before.locationId, kind: changeKind('event_package', before, row!), subject: subjectOf.package(row!), before: logged.package(before), after: logged.package(row!) } });
    return packageJson(row!);
  });
}
export async function removePackage(db: Db, userId: number, id: number) {
  const row = await rowAt(db, userId, eventPackages, id, () => db.select().from(eventPackages).where(eq(eventPackages.id, id)));
  await retireOrDelete(db, row, packageSold, eventPackages, 'event_package', logged.package, subjectOf.package);
}

/** A save that switches an item off is its retirement in the log; anything else a change. */
const changeKind = (item: ItemKind, before: { active: boolean }, after: { active: boolean }) => (before.active && !after.active ? `${item}.retired` as const : `${item}.updated` as const);

async function retireOrDelete<T extends { id: number; locationId: number; active: boolean }>(
  db: Db, row: T, sold: (db: DbOrTx, row: T) => Promise<boolean>,
  table: typeof certificateRates | typeof certificateDesigns | typeof eventPackages, item: ItemKind, json: (row: T) => Record<string, unknown>, subject: (row: T) => string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await sold(tx, row)) {
      if (!row.active) return;
      await tx.update(table).set({ active: false }).where(and(eq(table.id, row.id)));
      await recordEffects(tx, { activity: { locationId: row.locationId, kind: `${item}.retired`, subject: subject(row), before: json(row), after: { ...json(row), active: false } } });
    } else {
      await tx.delete(table).where(eq(table.id, row.id));
      await recordEffects(tx, { activity: { locationId: row.locationId, kind: `${item}.deleted`, subject: subject(row), before: json(row) } });
    }
  });
}
