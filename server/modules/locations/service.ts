// Reading locations as the screens need them. Read-only: no locks, no transactions.
// A user sees a location only through a role at it; everything here is scoped by that.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cities, countries, currencies, earlyBookingConditions, locationTranslations, locations, playgroundGroups, playgrounds, roles,
  transactions, userLocationRoles, userPermissions, users,
} from '../../db/schema';
import { notFound, permissionDenied } from '../../platform/errors';
import { requireDeclaredRole } from '../../platform/access';
import { canManageLocation } from '../../../domain/roles';
import { businessDateOf } from '../../../domain/businessDay';
import { wallClockNow } from '../../platform/clock';
import type { Lang } from '../../platform/messages';
import { currentConsent } from './consent';

type LocationRow = typeof locations.$inferSelect;

export interface RoleAtLocation {
  id: number;
  value: number;
  /** The permission codenames the user holds at this location (#28). */
  permissions: string[];
}

/** The user's role at a location, with their permissions there, or null when they have none there. */
export async function roleAt(db: Db, userId: number, locationId: number): Promise<RoleAtLocation | null> {
  const [row] = await db.select({
    id: roles.id, value: roles.value,
    permissions: sql<string[]>`array(SELECT p.codename FROM user_permissions p WHERE p.user_id = ${userLocationRoles.userId} AND p.location_id = ${userLocationRoles.locationId})`,
  }).from(userLocationRoles)
    .innerJoin(roles, eq(roles.id, userLocationRoles.roleId))
    .where(and(eq(userLocationRoles.userId, userId), eq(userLocationRoles.locationId, locationId)));
  return row ?? null;
}

/**
 * 404 unless the user has a role at the location (a stranger cannot even learn it exists); 403 unless
 * it is the role the route declares (`config.access.minRole`, platform/access.ts).
 */
export async function requireRoleAt(db: Db, userId: number, locationId: number): Promise<RoleAtLocation> {
  const role = await roleAt(db, userId, locationId);
  if (!role) throw notFound();
  requireDeclaredRole(role);
  return role;
}

/**
 * Who may be named as a seller at a location: the users with a role there, the rule the booking and
 * the certificate activation check a seller by. Answered to the booking form (#39) and the activation
 * as names, so nobody types a UUID; the calls still carry the UUID.
 */
export async function sellersAt(db: Db, locationId: number) {
  const rows = await db.selectDistinct({ uid: users.uid, name: users.name, email: users.email }).from(users)
    .innerJoin(userLocationRoles, and(eq(userLocationRoles.userId, users.id), eq(userLocationRoles.locationId, locationId)))
    .orderBy(users.name, users.email);
  return rows.map((r) => ({ uid: r.uid, name: r.name, email: r.email, label: r.name ? `${r.name} (${r.email})` : r.email }));
}

/** The scope of a location's list: the caller's role there (else 404; not the one the list declares, 403) and the location's clock. */
export async function locationListScope(db: Db, userId: number, locationId: number): Promise<{ locationId: number; tz: SQL }> {
  await requireRoleAt(db, userId, locationId);
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  return { locationId, tz: sql`${loc.tz}::text` };
}

/** The highest role the user has anywhere (the header's Locations tab depends on it). */
export async function highestRole(db: Db, userId: number): Promise<Omit<RoleAtLocation, 'permissions'> | null> {
  const [row] = await db.select({ id: roles.id, value: roles.value }).from(userLocationRoles)
    .innerJoin(roles, eq(roles.id, userLocationRoles.roleId))
    .where(eq(userLocationRoles.userId, userId))
    .orderBy(sql`${roles.value} desc`).limit(1);
  return row ?? null;
}

/** A currency row as the API and the money formatter take it. */
export function currencyJson(c: typeof currencies.$inferSelect | null | undefined) {
  return c ? { code: c.code, is_before: c.isBefore, blank_place: c.blankPlace, unicode: c.unicode } : null;
}

async function lookups(db: Db, rows: LocationRow[], lang: Lang) {
  const ids = rows.map((r) => r.id);
  const [cityRows, currencyRows, translationRows, playgroundRows, groupRows, balanceRows] = await Promise.all([
    db.select({ city: cities, country: countries }).from(cities).innerJoin(countries, eq(countries.id, cities.countryId))
      .where(inArray(cities.id, rows.map((r) => r.cityId))),
    db.select().from(currencies),
    db.select().from(locationTranslations).where(inArray(locationTranslations.locationId, ids))
      .orderBy(locationTranslations.locationId, locationTranslations.language),
    db.select().from(playgrounds).where(inArray(playgrounds.locationId, ids)).orderBy(playgrounds.id),
    db.select().from(playgroundGroups).where(inArray(playgroundGroups.locationId, ids)).orderBy(playgroundGroups.id),
    db.select({ locationId: transactions.locationId, balance: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(14,2)::text` })
      .from(transactions).where(inArray(transactions.locationId, ids)).groupBy(transactions.locationId),
  ]);
  const name = (o: { nameRu: string; nameEn: string }) => (lang === 'en' ? o.nameEn : o.nameRu);
  return {
    city: new Map(cityRows.map(({ city, country }) => [city.id, {
      name: name(city), slug: city.slug, country: { id: country.id, name: name(country), slug: country.slug },
    }])),
    currency: new Map(currencyRows.map((c) => [c.id, c])),
    translations: translationRows,
    playgrounds: playgroundRows,
    groups: groupRows,
    balance: new Map(balanceRows.map((b) => [b.locationId, b.balance])),
  };
}

/**
 * A playground as the screens read it. Its launcher token (`uuid_token`) is the launcher's password:
 * whoever holds it reports sessions, and each reported session debits the licence fee. Only the
 * control page needs it (permission techsessions), so it is null for anyone else.
 */
export function playgroundJson(p: typeof playgrounds.$inferSelect, withToken = false) {
  return {
    id: p.id,
    name: p.name,
    types: p.types,
    duration: p.durationMinutes,
    max_players: p.maxPlayers,
    max_persons: p.maxPlayers,
    group: p.groupId,
    uuid_token: withToken ? p.uuidToken : null,
    tech_control: p.techControl,
    tech_sessions_access_expires_at: p.techSessionsAccessExpiresAt?.toISOString() ?? null,
  };
}

function locationJson(row: LocationRow, l: Awaited<ReturnType<typeof lookups>>, lang: Lang, withTokens = false) {
  const city = l.city.get(row.cityId);
  const translations = l.translations.filter((t) => t.locationId === row.id);
  const own = translations.find((t) => t.language === lang);
  // The desk and the schedules board see active playgrounds only; retired ones (#28) are on the playground list.
  const pgs = l.playgrounds.filter((p) => p.locationId === row.id && p.isActive);
  return {
    id: row.id,
    name: own?.name || row.name,
    city: city?.name ?? '',
    city_slug: city?.slug ?? '',
    country: city?.country ?? null,
    lat: row.lat,
    lng: row.lng,
    timezone: row.timezone,
    is_active: row.isActive,
    is_park: row.isPark,
    is_events_available: row.isEventsAvailable,
    allow_refill: row.allowRefill,
    walk_ins_without_details: row.walkInsWithoutDetails,
    balance: l.balance.get(row.id) ?? '0.00',
    currency: currencyJson(row.currencyId ? l.currency.get(row.currencyId) : undefined),
    b2b_currency: currencyJson(row.b2bCurrencyId ? l.currency.get(row.b2bCurrencyId) : undefined),
    languages: row.languages,
    translations: translations.map((t) => ({
      language: t.language, name: t.name, address: t.address, distance: t.distance, opening_times: t.openingTimes,
      payment_description: t.paymentDescription, parking_description: t.parkingDescription, description: t.description,
    })),
    playgrounds: pgs.map((p) => playgroundJson(p, withTokens)),
    playground_groups: l.groups.filter((g) => g.locationId === row.id).map((g) => ({
      id: g.id, name: g.name, playgrounds: pgs.filter((p) => p.groupId === g.id).map((p) => p.id),
    })),
  };
}

/** The permission codenames the user holds at each location (#28: per location). */
async function permissionsByLocation(db: Db, userId: number): Promise<Map<number, string[]>> {
  const rows = await db.select({ locationId: userPermissions.locationId, codename: userPermissions.codename }).from(userPermissions)
    .where(eq(userPermissions.userId, userId)).orderBy(userPermissions.codename);
  const byLocation = new Map<number, string[]>();
  for (const r of rows) byLocation.set(r.locationId, [...(byLocation.get(r.locationId) ?? []), r.codename]);
  return byLocation;
}

/**
 * GET /locations/my/: every location where the user has a role, with that role and the permissions
 * held there (codenames; launcher tokens only where the control page's permission, techsessions, is held).
 */
export async function myLocations(db: Db, userId: number, lang: Lang) {
  const rows = await db.select({ location: locations, role: { id: roles.id, value: roles.value } })
    .from(userLocationRoles)
    .innerJoin(locations, eq(locations.id, userLocationRoles.locationId))
    .innerJoin(roles, eq(roles.id, userLocationRoles.roleId))
    .where(eq(userLocationRoles.userId, userId))
    .orderBy(locations.id);
  if (rows.length === 0) return [];
  const [l, held] = await Promise.all([lookups(db, rows.map((r) => r.location), lang), permissionsByLocation(db, userId)]);
  return rows.map((r) => {
    const permissions = held.get(r.location.id) ?? [];
    return { ...locationJson(r.location, l, lang, permissions.includes('techsessions')), role: r.role, permissions };
  });
}

/**
 * GET /locations/{id}/: one location of the user's, with their role there, plus the discounts the
 * booking form's price preview needs (the group discount and the early-booking conditions).
 */
export async function locationDetail(db: Db, userId: number, locationId: number, lang: Lang) {
  const { permissions, ...role } = await requireRoleAt(db, userId, locationId);
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!row) throw notFound();
  const [l, early] = await Promise.all([
    lookups(db, [row], lang),
    db.select({ days: earlyBookingConditions.days, discount: earlyBookingConditions.discount }).from(earlyBookingConditions)
      .where(eq(earlyBookingConditions.locationId, locationId)).orderBy(asc(earlyBookingConditions.days)),
  ]);
  const consent = await currentConsent(db, locationId);
  return {
    ...locationJson(row, l, lang, permissions.includes('techsessions')), role, permissions, group_discount_percent: row.groupDiscountPercent, early_booking: early,
    // #40 personal-data consent: the policy link and the current consent text with its version.
    privacy_policy_url: row.privacyPolicyUrl,
    personal_data_consent_text: consent.text,
    personal_data_consent_version: consent.version,
    personal_data_consent_updated_at: consent.createdAt.toISOString(),
    sender_name: row.senderName, email: row.email, // #42
  };
}

/** GET /locations/: the catalogue of active locations (public facts only: no balance, no roles). */
export async function activeLocations(db: Db, lang: Lang, page: { limit?: number; offset?: number }) {
  const where = eq(locations.isActive, true);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(locations).where(where);
  let query = db.select().from(locations).where(where).orderBy(locations.id).$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  const rows = await query;
  const l = rows.length ? await lookups(db, rows, lang) : null;
  const results = rows.map((row) => {
    const full = locationJson(row, l!, lang);
    return {
      id: full.id, name: full.name, city: full.city, city_slug: full.city_slug, country: full.country,
      lat: full.lat, lng: full.lng, currency: full.currency, languages: full.languages, translations: full.translations,
      is_park: full.is_park, is_events_available: full.is_events_available,
    };
  });
  return page.limit !== undefined ? { count, results } : results;
}

/** GET /locations/concise_list/: id and name of the user's locations (for location filters). */
export async function conciseList(db: Db, userId: number, lang: Lang) {
  const rows = await db.select({ id: locations.id, name: locations.name, translated: locationTranslations.name })
    .from(userLocationRoles)
    .innerJoin(locations, eq(locations.id, userLocationRoles.locationId))
    .leftJoin(locationTranslations, and(eq(locationTranslations.locationId, locations.id), eq(locationTranslations.language, lang)))
    .where(eq(userLocationRoles.userId, userId))
    .orderBy(locations.id);
  return rows.map((r) => ({ id: r.id, name: r.translated || r.name }));
}

/** GET /geo/: countries with their cities, for the location edit form. */
export async function geo(db: Db, lang: Lang) {
  const [countryRows, cityRows] = await Promise.all([
    db.select().from(countries).orderBy(countries.id),
    db.select().from(cities).orderBy(cities.id),
  ]);
  const name = (o: { nameRu: string; nameEn: string }) => (lang === 'en' ? o.nameEn : o.nameRu);
  return countryRows.map((c) => ({
    id: c.id, name: name(c), slug: c.slug,
    cities: cityRows.filter((ci) => ci.countryId === c.id).map((ci) => ({ id: ci.id, name: name(ci), slug: ci.slug })),
  }));
}

/** Role id 40 at the location (location management), else 403; no role at all is 404. */
export async function requireManagerAt(db: Db, userId: number, locationId: number): Promise<RoleAtLocation> {
  const role = await requireRoleAt(db, userId, locationId);
  if (!canManageLocation(role)) throw permissionDenied();
  return role;
}

/**
 * The location's name as a reader of `lang` knows it: its translation in that language, else its
 * own name. Letters name the location this way (#18: an English letter said "VR Арена Москва").
 */
export async function locationNameIn(db: Db, locationId: number, lang: Lang): Promise<string> {
  const [row] = await db.select({ own: locations.name, translated: locationTranslations.name }).from(locations)
    .leftJoin(locationTranslations, and(eq(locationTranslations.locationId, locations.id), eq(locationTranslations.language, lang)))
    .where(eq(locations.id, locationId));
  return row?.translated || row?.own || '';
}

/**
 * The location's business date (a day runs 06:00 to 05:59): the date the promo code list's
 * statuses are on (tools) and a coupon is checked for without a session time (orders). Here, in the
 * module both already build on, so neither imports the other.
 */
export async function locationToday(db: Db, locationId: number): Promise<string> {
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  return businessDateOf(wallClockNow(loc!.tz));
}

/** GET /currencies/: the ISO 4217 reference rows, with their name in the caller's language. */
export async function currencyChoices(db: Db, lang: Lang) {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
  return rows.map((c) => ({ ...currencyJson(c)!, name: (lang === 'en' ? c.nameEn : c.nameRu) || c.code }));
}
