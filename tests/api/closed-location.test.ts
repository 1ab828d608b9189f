// #42 A deactivated (closed) location: the desk books nothing there (the refusal in ru and en), the
// widget's public endpoints refuse it (404: no location, slots, games, price or booking), the
// locations the screens read say it is closed (`is_active` false: the calendar says so and offers
// no "+", the /iframe page does not offer it); opened again, all of it comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { bookingBody, makeWorld, type World } from './bookingFixture';

let h: Harness;
let w: World;
const SESSION = '2030-05-06 11:00';

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const setActive = async (active: boolean) => {
  const res = await h.call('PUT', '/api/v2.1/locations/1/', { token: w.tokens.admin, body: { is_active: active } });
  expect(res.statusCode, res.body).toBe(200);
};
const pub = (method: string, url: string, body?: unknown) => h.call(method, url, { body });
const customer = { playground_id: 0, session_dt: SESSION, persons: 1, name: 'Гость', phone: '+79995550000', email: 'guest@example.com', personal_data_consent: true };

describe('a closed location', () => {
  it('takes no booking at the desk (said in ru and en); the widget\'s endpoints refuse it; the screens read it closed; opened again, it books', async () => {
    await setActive(false);
    const en = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, lang: 'en', body: bookingBody(w.pg.cube2, SESSION) });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ non_field_errors: ['This location is not active: it takes no bookings.'] });
    const ru = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, lang: 'ru', body: bookingBody(w.pg.cube2, SESSION) });
    expect(ru.json()).toEqual({ non_field_errors: ['Локация не работает: бронирование закрыто.'] });

    // The widget: every public endpoint of the location answers 404, as for no location.
    const body = { ...customer, playground_id: w.pg.cube2 };
    for (const [method, url, payload] of [
      ['GET', '/api/public/locations/1/'], ['GET', '/api/public/locations/1/slots/?date=2030-05-06'], ['GET', '/api/public/locations/1/games/'],
      ['POST', '/api/public/locations/1/price/', { playground_id: w.pg.cube2, session_dt: SESSION, persons: 1 }], ['POST', '/api/public/locations/1/bookings/', body],
    ] as [string, string, unknown?][]) {
      expect((await pub(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The screens: the calendar and /iframe read `is_active` from the caller's locations.
    const mine = (await h.call('GET', '/api/v2.1/locations/my/', { token: w.tokens.staff })).json();
    expect(mine.find((l: { id: number }) => l.id === 1).is_active).toBe(false);
    expect((await h.call('GET', '/api/v2.1/locations/1/', { token: w.tokens.staff })).json().is_active).toBe(false);

    await setActive(true);
    expect((await pub('GET', '/api/public/locations/1/')).statusCode).toBe(200);
    const booked = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, SESSION) });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
