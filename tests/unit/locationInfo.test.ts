import { describe, expect, it } from 'vitest';
import { infoBody, infoErrors, infoValues, TRANSLATION_FIELDS } from '../../src/pages/management/locationInfoForm';
import { MANAGEMENT_CARDS } from '../../src/pages/management/LocationManagementPage';

const full = (language: string) => ({
  language, name: 'N', address: 'A', distance: 'D', opening_times: 'O', payment_description: 'P', parking_description: 'K', description: 'X',
});

describe('location info form', () => {
  it('has one translation per language of the location; missing ones start empty', () => {
    const v = infoValues({ languages: ['ru', 'en'], translations: [full('ru')], lat: '55.75', lng: '37.61', country: { id: 1, name: 'R', slug: 'r' } }, 3);
    expect(v.translations.map((t) => t.language)).toEqual(['ru', 'en']);
    expect(v.translations[1]!.name).toBe('');
    expect(v).toMatchObject({ lat: '55.75', lng: '37.61', country: 1, city: 3 });
  });

  it('requires every translation field of every language, lat, lng, country and city', () => {
    const v = infoValues({ languages: ['ru', 'en'], translations: [full('ru')], lat: null, lng: null, country: null }, null);
    const e = infoErrors(v);
    for (const f of TRANSLATION_FIELDS) {
      expect(e[`en.${f}`]).toBe('validation.validationRequired');
      expect(e[`ru.${f}`]).toBeUndefined();
    }
    expect(e).toMatchObject({ lat: 'validation.validationRequired', lng: 'validation.validationRequired', country: 'validation.validationRequired', city: 'validation.validationRequired' });
  });

  it('checks coordinates are numbers within range and sends them with a dot', () => {
    const base = { translations: [full('ru')], country: 1, city: 2 };
    expect(infoErrors({ ...base, lat: '91', lng: '-181' })).toEqual({ lat: 'validation.validationMaxValue', lng: 'validation.validationMinValue' });
    expect(infoErrors({ ...base, lat: 'north', lng: '37,6' })).toEqual({ lat: 'app.management.info.errors.coordinate' });
    expect(infoBody({ ...base, translations: [{ ...full('ru'), name: '  Arena  ' }], lat: '55,7', lng: ' 37.6 ' }))
      .toEqual({ translations: [{ ...full('ru'), name: 'Arena' }], lat: '55.7', lng: '37.6', country: 1, city: 2 });
  });

  it('the management grid has the spec\'s 8 cards in its order', () => {
    expect(MANAGEMENT_CARDS.map((c) => c.route)).toEqual(['location_info', 'location_gallery', 'games_table', 'payments', 'transactions', 'sessions', 'orders', 'schedules_and_playgrounds']);
  });
});
