import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;
beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); });

describe('smoke', () => {
  it('answers', async () => {
    const res = await h.call('GET', `/api/v2.2/locations/1/daily_report/?date=${w.today}`, { token: w.tokens.admin });
    console.log(res.statusCode, JSON.stringify(res.json(), null, 1).slice(0, 6000));
    const csv = await h.call('GET', `/api/v2.2/locations/1/daily_report/?date=${w.today}&format=csv`, { token: w.tokens.admin, lang: 'ru' });
    console.log(csv.statusCode, csv.body.slice(0, 3000));
  });
});
