import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

describe('POST /api/v2.1/login/', () => {
  it('returns a token for the demo admin', async () => {
    const res = await h.call('POST', '/api/v2.1/login/', { body: { email: 'admin@example.com', password: 'admin123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers 400 {detail} for a wrong password, in the requested language', async () => {
    const en = await h.call('POST', '/api/v2.1/login/', { lang: 'en', body: { email: 'admin@example.com', password: 'nope' } });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ detail: 'Unable to log in with provided credentials.' });
    const ru = await h.call('POST', '/api/v2.1/login/', { lang: 'ru', body: { email: 'admin@example.com', password: 'nope' } });
    expect(ru.json()).toEqual({ detail: 'Невозможно войти с предоставленными учетными данными.' });
  });
});
