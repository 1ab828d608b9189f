// POST /api/v2.1/locations/ (#28): the owner creates a location. Every owner becomes its
// administrator (role id 40) with every permission; the entry `location.created` is in the new location's
// log and in the installation's (#42).
// The edit of an existing location is PUT /api/v2.1/locations/{id}/ (locationInfo/routes.ts).
import { locations, locationTranslations } from '../../db/schema';
import { LocationDetail } from '../../platform/answers';
import { defineWrite } from '../../platform/writes';
import { giveOwnersLocation } from '../owners/service';
import { ensureConsentText } from './consent';
import { locationDetail } from './service';
import { cityIdByName, currencyId, locationSettingsFields as f } from './settings';
import { recordEffects } from '../../platform/effects';

export const createLocation = defineWrite({
  records: { activity: 'location.created' },
  kind: 'create', path: '/api/v2.1/locations/', summary: 'Create a location (the installation\'s owner)', tags: ['locations'],
  access: { owner: true },
  fields: {
    ...f,
    b2b_currency: f.b2b_currency.optional(),
    languages: f.languages.optional(),
    is_park: f.is_park.optional(), is_events_available: f.is_events_available.optional(), allow_refill: f.allow_refill.optional(), is_active: f.is_active.optional(),
    walk_ins_without_details: f.walk_ins_without_details.optional(),
  },
  answer: LocationDetail,
  // #41 The generated tests: a zone and currencies that exist (written as people type a code); the
  // location reads back with its country and currencies as objects.
  examples: { timezone: 'Europe/Moscow', currency: ' rub ', b2b_currency: 'usd' },
  readBack: {
    path: '/api/v2.1/locations/:id/',
    find: (l: Record<string, any>) => ({ ...l, country: l.country?.name, currency: l.currency?.code, b2b_currency: l.b2b_currency?.code }),
  },
  run: async ({ db, user, body, lang }) => {
    const id = await db.transaction(async (tx) => {
      const currency = await currencyId(tx, 'currency', body.currency);
      // No b2b currency given: the location's own.
      const b2b = body.b2b_currency ? await currencyId(tx, 'b2b_currency', body.b2b_currency) : currency;
      const cityId = await cityIdByName(tx, body.country, body.city);
      const languages = body.languages ?? ['ru', 'en'];
      const [row] = await tx.insert(locations).values({
        name: body.name, cityId, timezone: body.timezone, currencyId: currency, b2bCurrencyId: b2b, languages,
        isPark: body.is_park ?? false, isEventsAvailable: body.is_events_available ?? false, allowRefill: body.allow_refill ?? false, isActive: body.is_active ?? true,
        walkInsWithoutDetails: body.walk_ins_without_details ?? false,
      }).returning({ id: locations.id });
      // The name in every language it offers, until the location info form says otherwise.
      await tx.insert(locationTranslations).values(languages.map((language) => ({ locationId: row!.id, language, name: body.name })));
      await giveOwnersLocation(tx, row!.id);
      // #40 Its personal-data consent starts as the template (the administrator fills in the operator's details).
      await ensureConsentText(tx, row!.id);
      // #42 In the new location's own log (and the installation's, for owners), never in another location's.
      await recordEffects(tx, { activity: { locationId: row!.id, kind: 'location.created', subject: body.name, after: { ...body, languages } } });
      return row!.id;
    });
    return locationDetail(db, user.id, id, lang);
  },
});
