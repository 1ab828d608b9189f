// Certificate rates, the worked example of a record whose writes are one declaration
// (server/modules/certificateRates/writes.ts): what an administrator adds is what the certificates'
// create form offers next; a rate the location already has is a 400 on the field in ru and en (the
// declaration's `unique`), never a 500. Access, schemas and the API document: the generated tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let manager: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
});
afterAll(async () => { await h.close(); });

const RATES = '/api/v2.2/certificate_rates/?location_id=1';
const offered = async () => ((await h.call('GET', RATES, { token: admin })).json() as { rate: string }[]).map((r) => r.rate);

describe('certificate rates', () => {
  it('adds, changes and deletes a rate; the certificates\' form offers what is there', async () => {
    const created = await h.call('POST', '/api/v2.2/locations/1/certificate_rates/', { token: admin, body: { rate: '777,5' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), rate: '777.50', active: true });
    expect(await offered()).toContain('777.50');
    const id = created.json().id as number;

    const changed = await h.call('PUT', `/api/v2.2/certificate_rates/${id}/`, { token: admin, body: { rate: 888 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ id, rate: '888.00', active: true });
    expect(await offered()).toEqual(expect.arrayContaining(['888.00']));
    expect(await offered()).not.toContain('777.50');

    expect((await h.call('DELETE', `/api/v2.2/certificate_rates/${id}/`, { token: admin })).statusCode).toBe(204);
    expect(await offered()).not.toContain('888.00');
    expect((await h.call('DELETE', `/api/v2.2/certificate_rates/${id}/`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses a rate the location already has, on the field, in ru and en', async () => {
    const en = await h.call('POST', '/api/v2.2/locations/1/certificate_rates/', { token: admin, body: { rate: '1000' }, lang: 'en' });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json()).toEqual({ rate: ['This location already has this value.'] });
    const other = (await h.call('POST', '/api/v2.2/locations/1/certificate_rates/', { token: admin, body: { rate: '1234' } })).json().id as number;
    const ru = await h.call('PUT', `/api/v2.2/certificate_rates/${other}/`, { token: admin, body: { rate: '2000.00' }, lang: 'ru' });
    expect(ru.statusCode, ru.body).toBe(400);
    expect(ru.json()).toEqual({ rate: ['В этой локации уже есть такое значение.'] });
    // Another location may sell the same value.
    expect((await h.call('POST', '/api/v2.2/locations/2/certificate_rates/', { token: admin, body: { rate: '1234' } })).statusCode).toBe(201);
  });

  it('is for the location\'s administrators: a manager (role 20) is refused', async () => {
    const res = await h.call('POST', '/api/v2.2/locations/1/certificate_rates/', { token: manager, body: { rate: '999' } });
    expect(res.statusCode, res.body).toBe(403);
    expect(await offered()).not.toContain('999.00');
  });
});
