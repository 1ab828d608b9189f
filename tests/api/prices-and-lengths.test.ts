// #42 Prices and session length. A schedule's negative price is refused as such (a DRF error on the
// price, ru and en), the check call too; 0 is a free session the server takes (the editor asks
// first). The schedule row's length is what is sold: the playgrounds list says which lengths a
// playground's group sells (`schedule_durations`), and a booking's session lasts the row's length,
// whatever the playground's own duration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { ALL_DAYS, book, bookingBody, makeWorld, type World } from './bookingFixture';
import { item, scheduleBody } from './scheduleBuilders';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const call = (method: string, url: string, body: unknown, lang = 'en') => h.call(method, url, { token: w.tokens.admin, body, lang });
const priced = (group: number, price: string, start_dt = '2031-02-01') => scheduleBody(1, group, {
  name: `Price ${price}`, start_dt, items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [{ start: '10:00', session_price: price, prepayment: 0.5 }] })],
});

describe('a schedule\'s price', () => {
  it('a negative price is refused as negative (en, ru), on save and on the check; 0 is a free session the server takes', async () => {
    const group = (await call('POST', '/api/v2.1/locations/1/groups/', { name: 'Prices' })).json().id as number;
    const en = await call('POST', '/api/v2.1/schedule/', priced(group, '-100'));
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json())).toContain('A price cannot be negative.');
    expect(JSON.stringify(en.json())).not.toContain('Enter a price');
    const ru = await call('POST', '/api/v2.1/schedule/', priced(group, '-1,5'), 'ru');
    expect(JSON.stringify(ru.json())).toContain('Цена не может быть отрицательной.');
    const check = await call('POST', '/api/v2.1/schedule/check/', { breaks: [], items: priced(group, '-5').items });
    expect(check.statusCode).toBe(400);
    expect(JSON.stringify(check.json())).toContain('A price cannot be negative.');
    // A malformed price keeps its own message.
    expect(JSON.stringify((await call('POST', '/api/v2.1/schedule/', priced(group, '12a'))).json())).toContain('Enter a price');
    const free = await call('POST', '/api/v2.1/schedule/', priced(group, '0'));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().items[0].pricing[0].session_price).toBe('0');
  });
});

describe('session length', () => {
  it('the playgrounds list says what the group\'s schedules sell; the booking\'s session lasts the row\'s length, not the playground\'s', async () => {
    const list = (await h.call('GET', '/api/v2.1/locations/1/playgrounds/', { token: w.tokens.admin })).json() as { id: number; duration: number; schedule_durations: number[] }[];
    const cube2 = list.find((p) => p.id === w.pg.cube2)!;
    // Куб 2 says 30 minutes; its group's schedule ("Session priced") sells 60.
    expect(cube2.duration).toBe(30);
    expect(cube2.schedule_durations).toEqual([60]);
    const ungrouped = await call('POST', '/api/v2.1/locations/1/playgrounds/', { name: 'Loose', types: ['arena'], max_players: 2, duration: 45, group: null });
    expect(ungrouped.statusCode, ungrouped.body).toBe(201);
    const again = (await h.call('GET', '/api/v2.1/locations/1/playgrounds/', { token: w.tokens.admin })).json() as { id: number; schedule_durations: number[] }[];
    expect(again.find((p) => p.id === ungrouped.json().id)!.schedule_durations).toEqual([]);

    const id = await book(w, bookingBody(w.pg.cube2, '2030-06-03 11:00'));
    const order = (await h.call('GET', `/api/v2.2/orders/${id}/`, { token: w.tokens.staff })).json();
    expect(JSON.stringify(order)).toMatch(/"duration":60\b/);
  });
});
