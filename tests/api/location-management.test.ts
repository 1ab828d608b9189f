// Location management on the server: location info (PUT /api/v2.1/locations/{id}/ with every
// translation field for each of the location's languages, lat, lng, country and city from
// GET /api/v2.1/geo/), the games table (GET /locations/{id}/games/) and the gallery.
// Role id 40 at that location only.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, locationTranslations, locations } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let manager: string;
let staff: string;
let geo: { id: number; slug: string; cities: { id: number; slug: string }[] }[];

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
  staff = await h.login('staff@example.com', 'staff123');
  geo = (await h.call('GET', '/api/v2.1/geo/', { token: admin })).json();
});
afterAll(async () => { await h.close(); });

const FIELDS = ['name', 'address', 'distance', 'opening_times', 'payment_description', 'parking_description', 'description'] as const;

function translation(language: string, tag: string) {
  return Object.fromEntries([['language', language], ...FIELDS.map((f) => [f, `${f} ${tag}`])]);
}

function infoBody(over: Record<string, unknown> = {}) {
  const russia = geo.find((c) => c.slug === 'russia')!;
  return {
    translations: [translation('ru', 'ру'), translation('en', 'en')],
    lat: '55.7558', lng: 37.6173, country: russia.id, city: russia.cities.find((c) => c.slug === 'saint-petersburg')!.id, ...over,
  };
}

describe('location info', () => {
  it('saves every translation field, coordinates and city, and GET /locations/{id}/ shows them', async () => {
    const res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody(), lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 2, name: 'name en', lat: '55.755800', lng: '37.617300', city: 'Saint Petersburg', city_slug: 'saint-petersburg' });
    expect(body.country).toMatchObject({ slug: 'russia', name: 'Russia' });
    expect(body.translations).toEqual([
      { language: 'en', ...Object.fromEntries(FIELDS.map((f) => [f, `${f} en`])) },
      { language: 'ru', ...Object.fromEntries(FIELDS.map((f) => [f, `${f} ру`])) },
    ]);
    const ru = (await h.call('GET', '/api/v2.1/locations/2/', { token: admin, lang: 'ru' })).json();
    expect(ru).toMatchObject({ name: 'name ру', city: 'Санкт-Петербург', lat: '55.755800' });
    // The location's own name is its first language's.
    const [loc] = await h.database.db.select().from(locations).where(eq(locations.id, 2));
    expect(loc!.name).toBe('name ру');
  });

  it('requires every field for each language, lat and lng, country and city (ru and en)', async () => {
    let res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    const required = ['This field is required.'];
    expect(res.json()).toEqual({ translations: required, lat: required, lng: required, country: required, city: required });

    const blank = { ...translation('en', 'x'), address: '', description: '  ' };
    const { opening_times: _dropped, ...missing } = translation('ru', 'y');
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ translations: [missing, blank] }), lang: 'en' });
    expect(res.json()).toEqual({
      translations: [{ opening_times: ['This field is required.'] }, { address: ['This field may not be blank.'], description: ['This field may not be blank.'] }],
    });
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ translations: [missing] }), lang: 'ru' });
    expect(res.json()).toEqual({ translations: [{ opening_times: ['Обязательное поле.'] }] });

    // A language missing, another one unknown, one twice.
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ translations: [translation('ru', 'a')] }), lang: 'en' });
    expect(res.json()).toEqual({ translations: ['Fill in every field for each language of the location: ru, en.'] });
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ translations: [translation('ru', 'a'), translation('de', 'b'), translation('ru', 'c')] }), lang: 'en' });
    expect(res.json()).toEqual({ translations: [{}, { language: ['Not a valid choice.'] }, { language: ['Not a valid choice.'] }] });

    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ lat: '91', lng: 'east' }), lang: 'en' });
    expect(res.json()).toEqual({ lat: ['Ensure this value is less than or equal to 90.'], lng: ['A valid number is required.'] });
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ lng: -180.5 }), lang: 'en' });
    expect(res.json()).toEqual({ lng: ['Ensure this value is greater than or equal to -180.'] });

    const usa = geo.find((c) => c.slug === 'usa')!;
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ country: usa.id }), lang: 'en' });
    expect(res.json()).toEqual({ city: ['This city is not in the chosen country.'] });
    res = await h.call('PUT', '/api/v2.1/locations/2/', { token: admin, body: infoBody({ city: 99999 }), lang: 'en' });
    expect(res.json()).toEqual({ city: ['Not a valid choice.'] });
  });

  it('follows the location\'s own languages (location 3: en first)', async () => {
    const usa = geo.find((c) => c.slug === 'usa')!;
    const res = await h.call('PUT', '/api/v2.1/locations/3/', {
      token: admin, body: { translations: [translation('en', 'E'), translation('ru', 'R')], lat: 40.7, lng: -73.9, country: usa.id, city: usa.cities[0]!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [loc] = await h.database.db.select().from(locations).where(eq(locations.id, 3));
    expect([loc!.name, loc!.lat, loc!.lng]).toEqual(['name E', '40.700000', '-73.900000']);
  });

  it('is for administrators of that location only; nothing changes otherwise', async () => {
    const before = await h.database.db.select().from(locationTranslations).where(eq(locationTranslations.locationId, 1));
    expect((await h.call('PUT', '/api/v2.1/locations/1/', { token: manager, body: infoBody() })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/v2.1/locations/1/', { token: staff, body: infoBody() })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/v2.1/locations/3/', { token: manager, body: infoBody() })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/v2.1/locations/1/', { body: infoBody() })).statusCode).toBe(401);
    expect((await h.call('PUT', '/api/v2.1/locations/999/', { token: admin, body: infoBody() })).statusCode).toBe(404);
    expect(await h.database.db.select().from(locationTranslations).where(eq(locationTranslations.locationId, 1))).toEqual(before);
  });

  it('geo gives the countries and cities the form chooses from', async () => {
    const countryRows = await h.database.db.select().from(countries);
    const cityRows = await h.database.db.select().from(cities);
    expect(geo).toHaveLength(countryRows.length);
    expect(geo.flatMap((c) => c.cities)).toHaveLength(cityRows.length);
  });
});

describe('games', () => {
  it('lists the location\'s games with genre and age ratings', async () => {
    const res = await h.call('GET', '/api/v2.1/locations/1/games/', { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ id: expect.any(Number), name: 'Beat Saber', genre: 'Rhythm', info: [{ country: 'CZ', age: 6 }], playgrounds: null });
    expect(res.json()).toHaveLength(4);
    expect((await h.call('GET', '/api/v2.1/locations/1/games/', { token: manager })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/locations/3/games/', { token: staff })).statusCode).toBe(403);
  });
});

describe('gallery', () => {
  const IMAGES = '/api/v2.1/locations/1/images/';

  function multipart(files: { name: string; filename: string; type: string; data: Buffer }[]) {
    const boundary = `----test${Date.now()}`;
    const chunks: Buffer[] = [];
    for (const f of files) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
      chunks.push(f.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (data: Buffer, o: { token?: string; name?: string; type?: string; lang?: string; url?: string } = {}) => {
    const form = multipart([{ name: o.name ?? 'image', filename: 'photo.png', type: o.type ?? 'image/png', data }]);
    return h.app.inject({
      method: 'POST', url: o.url ?? IMAGES, payload: form.payload,
      headers: { ...form.headers, authorization: `Token ${o.token ?? admin}`, 'accept-language': o.lang ?? 'en' },
    });
  };
  const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } })[format]().toBuffer();

  it('uploads a picture checked by content, stores it with a thumbnail, lists it and deletes it', async () => {
    const png = await picture(1200, 800);
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json();
    expect(img).toEqual({
      id: expect.any(Number), url: expect.stringMatching(/^\/media\/gallery\/1-[0-9a-f]{20}\.png$/),
      thumbnail: expect.stringMatching(/^\/media\/gallery\/1-[0-9a-f]{20}-thumb\.webp$/),
      content_type: 'image/png', size: png.length, width: 1200, height: 800, created: expect.any(String),
    });
    // Served from the data folder; the thumbnail fits in 400 x 400.
    const original = await h.app.inject({ method: 'GET', url: img.url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await h.app.inject({ method: 'GET', url: img.thumbnail });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);

    const jpeg = await upload(await picture(300, 200, 'jpeg'), { type: 'application/octet-stream' });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json()).toMatchObject({ content_type: 'image/jpeg', width: 300, height: 200 });

    const list = await h.call('GET', IMAGES, { token: admin });
    expect(list.json().map((i: { id: number }) => i.id)).toEqual([img.id, jpeg.json().id]);

    expect((await h.call('DELETE', `${IMAGES}${img.id}/`, { token: manager })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/v2.1/locations/2/images/${img.id}/`, { token: admin })).statusCode).toBe(404);
    expect((await h.call('DELETE', `${IMAGES}${img.id}/`, { token: admin })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: img.thumbnail })).statusCode).toBe(404);
    expect((await h.call('GET', IMAGES, { token: admin })).json()).toHaveLength(1);
    expect(fs.readdirSync(path.join(h.config.dataDir, 'media', 'gallery'))).toHaveLength(2);
  });

  it('refuses what is not a picture, whatever its name or type, and files over the limit', async () => {
    let res = await upload(Buffer.from('just some text pretending to be a PNG'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: ['Upload a valid image: PNG, JPEG, WebP or GIF.'] });
    // A PNG signature followed by garbage.
    res = await upload(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), { lang: 'ru' });
    expect(res.json()).toEqual({ image: ['Загрузите изображение PNG, JPEG, WebP или GIF.'] });
    res = await upload(Buffer.concat([await picture(10, 10), Buffer.alloc(10 * 1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: ['The image is larger than 10 MB.'] });
    res = await upload(await picture(10, 10), { name: 'photo' });
    expect(res.json()).toEqual({ photo: ['Unknown field.'] });
    res = await h.call('POST', IMAGES, { token: admin, body: {}, lang: 'en' });
    expect(res.json()).toEqual({ image: ['Choose a picture to upload.'] });
  });

  it('is for administrators of that location only', async () => {
    const png = await picture(10, 10);
    expect((await upload(png, { token: manager })).statusCode).toBe(403);
    expect((await upload(png, { token: staff })).statusCode).toBe(403);
    expect((await upload(png, { token: manager, url: '/api/v2.1/locations/3/images/' })).statusCode).toBe(403);
    expect((await h.call('GET', IMAGES, { token: staff })).statusCode).toBe(403);
    expect((await h.call('GET', IMAGES)).statusCode).toBe(401);
  });
});
