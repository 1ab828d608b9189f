// #44 The location settings' arrivals section: what it starts from, what it sends (a whole number as a
// number, anything else as typed for the server to name), when it saves, and which required documents
// it says guests would not sign.
import { describe, expect, it } from 'vitest';
import { arrivalBody, arrivalsChanged, arrivalValues, unpublishedRequired } from '../../src/resources/locations/arrivalSettings';

const read = { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 };

describe('arrival settings in the location settings', () => {
  it('start from the settings as read and send whole numbers as numbers, anything else as typed', () => {
    expect(arrivalValues(read)).toEqual({ arrivals_enabled: false, grace_minutes: '15', minor_age: '18' });
    expect(arrivalBody({ arrivals_enabled: true, grace_minutes: ' 30 ', minor_age: '16' })).toEqual({ arrivals_enabled: true, grace_minutes: 30, minor_age: 16 });
    expect(arrivalBody({ arrivals_enabled: true, grace_minutes: '', minor_age: '1.5' })).toEqual({ arrivals_enabled: true, grace_minutes: '', minor_age: '1.5' });
    expect(arrivalBody({ arrivals_enabled: true, grace_minutes: '-1', minor_age: '18' }).grace_minutes).toBe(-1);
  });

  it('save only a change', () => {
    expect(arrivalsChanged(read, arrivalValues(read))).toBe(false);
    expect(arrivalsChanged(read, { ...arrivalValues(read), grace_minutes: '015' })).toBe(false);
    expect(arrivalsChanged(read, { ...arrivalValues(read), arrivals_enabled: true })).toBe(true);
    expect(arrivalsChanged(read, { ...arrivalValues(read), minor_age: '' })).toBe(true);
  });

  it('name the required documents with no published version: absent or only incomplete ones; marketing never', () => {
    expect(unpublishedRequired([])).toEqual(['personal_data', 'rules']);
    expect(unpublishedRequired([{ kind: 'personal_data', published_version: null }, { kind: 'marketing', published_version: null }])).toEqual(['personal_data', 'rules']);
    expect(unpublishedRequired([{ kind: 'personal_data', published_version: 2 }])).toEqual(['rules']);
    expect(unpublishedRequired([{ kind: 'personal_data', published_version: 2 }, { kind: 'rules', published_version: 1 }])).toEqual([]);
  });
});
