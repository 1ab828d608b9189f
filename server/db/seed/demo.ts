// Demo data: enough to use every screen. Runs only on an empty database (no users), so it is
// safe to call at every start; `npm run seed -- --reset` wipes the database and seeds again.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { runMigrations } from '../client';
import {
  cities, countries, currencies, locationTranslations, locations, payments, playgrounds, roles,
  transactions, userLocationRoles, userPermissions, users, certificateDesigns, invitations,
} from '../schema';
import { newSecret, secretHash } from '../../platform/tokens';
import { REFILL_COMMENT } from '../../modules/transactions/refill';
import { hashPassword } from '../../platform/passwords';
import { seedBookings } from './bookings';
import { seedTools } from './tools';
import { seedActivity } from './activity';
import { seedTill } from './till';
import { ensureConsentText } from '../../modules/locations/consent';
import { seedArrivals } from './arrivals';
import { seedPeople } from './people';
import { seedMessages } from './messages';
import { PERMISSION_CODENAMES } from '../../../domain/permissions';
import { ROLES } from '../../../domain/roles';
import { CERTIFICATE_DESIGNS } from '../../../domain/certificates';

/** The demo manager's permissions (role value 20 at locations 1 and 2). */
export const MANAGER_PERMISSIONS = ['multibooking', 'certificate', 'certificate.create', 'certificate.activate'] as const;

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'admin123', name: 'Анна Администратор', phone: '+79990000001' },
  { email: 'manager@example.com', password: 'manager123', name: 'Михаил Менеджер', phone: '+79990000002' },
  { email: 'staff@example.com', password: 'staff123', name: 'Светлана Кассир', phone: '+79990000003' },
] as const;

/** #29: whether the demo data is in this database (its first account): the sandbox payment provider is on only then, unless PAYMENT_SANDBOX says. */
export async function demoDataPresent(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email)).limit(1);
  return !!row;
}

/** Roles and other reference rows every database needs, demo or not. */
export async function seedReference(db: Db | Tx): Promise<void> {
  await db.insert(roles).values(ROLES.map((r) => ({ ...r }))).onConflictDoNothing();
}

async function addLedger(tx: Tx, locationId: number, currencyId: number | null, rows: { amount: string; type: string; description: string; daysAgo: number }[]) {
  let total = 0;
  for (const row of rows) {
    total = Math.round((total + Number(row.amount)) * 100) / 100;
    await tx.insert(transactions).values({
      locationId, currencyId, amount: row.amount, total: total.toFixed(2), type: row.type, description: row.description,
      // At an hour of its own, not the seeding's minute (#25).
      operationDt: new Date(Date.now() - row.daysAgo * 86_400_000 - (3 + ((row.daysAgo * 5) % 9)) * 3_600_000 - row.daysAgo * 7 * 60_000),
    });
  }
}

export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
  if (n > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    await seedReference(tx);
    const [ru, us, kz] = await tx.insert(countries).values([
      { slug: 'russia', nameRu: 'Россия', nameEn: 'Russia' },
      { slug: 'usa', nameRu: 'США', nameEn: 'United States' },
      { slug: 'kazakhstan', nameRu: 'Казахстан', nameEn: 'Kazakhstan' },
    ]).returning();
    const [msk, spb, nyc, ala] = await tx.insert(cities).values([
      { countryId: ru!.id, slug: 'moscow', nameRu: 'Москва', nameEn: 'Moscow' },
      { countryId: ru!.id, slug: 'saint-petersburg', nameRu: 'Санкт-Петербург', nameEn: 'Saint Petersburg' },
      { countryId: us!.id, slug: 'new-york', nameRu: 'Нью-Йорк', nameEn: 'New York' },
      { countryId: kz!.id, slug: 'almaty', nameRu: 'Алматы', nameEn: 'Almaty' },
    ]).returning();
    // Currencies are reference data of the migrations (0013): chosen, not made.
    const [rub] = await tx.select().from(currencies).where(eq(currencies.code, 'RUB'));
    const [usd] = await tx.select().from(currencies).where(eq(currencies.code, 'USD'));

    // Location 1 must exist with id 1: the payments button of the booking screens depends on it.
    const locs = await tx.insert(locations).values([
      { id: 1, name: 'VR Арена Москва', cityId: msk!.id, lat: '55.751244', lng: '37.618423', timezone: 'Europe/Moscow', currencyId: rub!.id, b2bCurrencyId: rub!.id, isPark: true, isEventsAvailable: true, allowRefill: true, phone: '+74951234567' },
      { id: 2, name: 'VR Парк Санкт-Петербург', cityId: spb!.id, lat: '59.938630', lng: '30.314130', timezone: 'Europe/Moscow', currencyId: rub!.id, b2bCurrencyId: rub!.id, isEventsAvailable: true },
      { id: 3, name: 'VR Lounge Brooklyn', cityId: nyc!.id, lat: '40.678178', lng: '-73.944158', timezone: 'America/New_York', currencyId: usd!.id, b2bCurrencyId: usd!.id, languages: ['en', 'ru'], phone: '+17185550123' },
      { id: 4, name: 'VR Куб Алматы', cityId: ala!.id, lat: '43.238949', lng: '76.889709', timezone: 'Asia/Almaty', currencyId: null, b2bCurrencyId: null, isActive: false },
    ]).returning();
    // Explicit ids above: move the sequence past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations))`);

    // #40 The address in each language: an English customer reads it in Latin letters, as on a map.
    const names: Record<number, [string, string, string, string]> = {
      1: ['VR Арена Москва', 'VR Arena Moscow', 'ул. Тверская, 1', '1 Tverskaya St'],
      2: ['VR Парк Санкт-Петербург', 'VR Park Saint Petersburg', 'Невский проспект, 10', '10 Nevsky Prospekt'],
      3: ['VR Лаунж Бруклин', 'VR Lounge Brooklyn', '120 Atlantic Ave', '120 Atlantic Ave'],
      4: ['VR Куб Алматы', 'VR Cube Almaty', 'пр. Абая, 5', '5 Abay Ave'],
    };
    for (const loc of locs) {
      const [nameRu, nameEn, address, addressEn] = names[loc.id]!;
      await tx.insert(locationTranslations).values([
        { locationId: loc.id, language: 'ru', name: nameRu, address, openingTimes: 'Ежедневно 10:00–02:00', distance: '5 минут от метро', paymentDescription: 'Наличные и карты', parkingDescription: 'Бесплатная парковка', description: 'VR-арена со свободным перемещением.' },
        { locationId: loc.id, language: 'en', name: nameEn, address: addressEn, openingTimes: 'Daily 10:00–02:00', distance: '5 minutes from the subway', paymentDescription: 'Cash and cards', parkingDescription: 'Free parking', description: 'Free-roam VR arena.' },
      ]);
    }

    await tx.insert(playgrounds).values([
      { locationId: 1, name: 'Куб 1', types: ['the_cube'], durationMinutes: 30, maxPlayers: 4, techControl: true },
      { locationId: 1, name: 'Куб 2', types: ['the_cube'], durationMinutes: 30, maxPlayers: 4 },
      { locationId: 1, name: 'Арена', types: ['arena'], durationMinutes: 60, maxPlayers: 10, techControl: true },
      { locationId: 1, name: 'Лаунж', types: ['lounge'], durationMinutes: 45, maxPlayers: 6 },
      { locationId: 2, name: 'Куб', types: ['the_cube'], durationMinutes: 30, maxPlayers: 4 },
      { locationId: 2, name: 'Арена XL', types: ['arena'], durationMinutes: 60, maxPlayers: 12 },
      { locationId: 3, name: 'The Cube', types: ['the_cube'], durationMinutes: 30, maxPlayers: 4 },
      { locationId: 3, name: 'Arena', types: ['arena'], durationMinutes: 60, maxPlayers: 8 },
      { locationId: 4, name: 'Куб', types: ['the_cube'], durationMinutes: 30, maxPlayers: 4 },
    ]);

    await addLedger(tx, 1, rub!.id, [
      { amount: '150000.00', type: 'refill', description: 'Пополнение счёта', daysAgo: 20 },
      { amount: '-12500.50', type: 'chargeoff', description: 'Списание за сессии', daysAgo: 5 },
    ]);
    await addLedger(tx, 2, rub!.id, [{ amount: '50000.00', type: 'refill', description: 'Пополнение счёта', daysAgo: 10 }]);
    await addLedger(tx, 3, usd!.id, [
      { amount: '2000.00', type: 'refill', description: 'Account top-up', daysAgo: 12 },
      { amount: '-150.00', type: 'minimumfee', description: 'Minimum fee', daysAgo: 2 },
    ]);

    // The first demo account is the installation's owner (#28).
    const created = await tx.insert(users).values(DEMO_ACCOUNTS.map((a, i) => ({
      email: a.email, name: a.name, phone: a.phone, passwordHash: hashes[i]!, isOwner: i === 0, lastLoginAt: new Date(Date.now() - (i + 1) * 3_600_000),
    }))).returning();
    const [admin, manager, staff] = created;
    await tx.insert(userLocationRoles).values([
      ...locs.map((l) => ({ userId: admin!.id, locationId: l.id, roleId: 40 })),
      { userId: manager!.id, locationId: 1, roleId: 20 },
      { userId: manager!.id, locationId: 2, roleId: 20 },
      { userId: staff!.id, locationId: 1, roleId: 10 },
    ]);
    await tx.insert(userPermissions).values([
      ...locs.flatMap((l) => PERMISSION_CODENAMES.map((codename) => ({ userId: admin!.id, locationId: l.id, codename }))),
      // What a role-20 user can use (#25): multi-booking and gift certificates (both screens need a role
      // at the location and the permission); the ledger's rights need role 40 there, so none of those.
      ...[1, 2].flatMap((locationId) => MANAGER_PERMISSIONS.map((codename) => ({ userId: manager!.id, locationId, codename }))),
    ]);
    await tx.insert(certificateDesigns).values(locs.flatMap((l) => CERTIFICATE_DESIGNS.map((name) => ({ locationId: l.id, name }))));
    // #40 Each location's personal-data consent starts as the template, as a new location's does.
    for (const l of locs) await ensureConsentText(tx, l.id);
    // #28 STAFF: an open invitation at location 1, so the Staff list shows both states (its key is nobody's).
    await tx.insert(invitations).values({
      keyHash: secretHash(newSecret()), locationId: 1, email: 'new.cashier@example.com', roleId: 10, permissions: ['multibooking'],
      invitedByUserId: admin!.id, expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
    await seedBookings(tx, staff!.id, admin!.id);
    await seedTools(tx, admin!.id);
    await seedActivity(tx, { admin: admin!.id, manager: manager!.id, staff: staff!.id });
    // Both sides of the payments list's filters at location 1 (payer, purchase_sign: the generated
    // tests, tests/api/lists.test.ts, need rows each filter leaves out): the balance top-up of 20
    // days ago as the payment it came from, and a refund at the desk.
    await tx.insert(payments).values([
      { locationId: 1, paymentType: 1, status: 'paid', purchase: '150000.00', comment: REFILL_COMMENT, externalId: 'demo-topup-1', userId: admin!.id,
        created: new Date(Date.now() - 20 * 86_400_000) },
      { locationId: 1, paymentType: 2, status: 'paid', purchase: '-1500.00', comment: 'Возврат за отменённый сеанс', userId: staff!.id,
        created: new Date(Date.now() - 2 * 86_400_000) },
      // #29 receipts: a YooKassa payment whose receipt the tax service refused (the "without a registered receipt" filter).
      { locationId: 1, paymentType: 4, status: 'paid', purchase: '3000.00', externalId: 'demo-yookassa-receipt-1', provider: 'yookassa', receiptStatus: 'canceled',
        userId: staff!.id, created: new Date(Date.now() - 3 * 86_400_000) },
    ]);
    // #43 Tills with their shifts: open ones where the demo desk takes money, and a history at location 1.
    await seedTill(tx, { admin: admin!.id, manager: manager!.id, staff: staff!.id });
    // #44 Location 1 checks guests in; its personal-data consent and its rules are published.
    await seedArrivals(tx, admin!.id);
    await seedMessages(tx); // #45
    await seedPeople(tx, admin!.id); // #47
  });
  return true;
}

/** Drops every table and rebuilds the schema (used by `npm run seed -- --reset`). */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`create schema public`);
  await runMigrations(db);
}
