// #48 Files in object storage, against a local S3-compatible server over real HTTP (s3rver, started
// here as the pooler tests start PgBouncer): with S3_* set, a gallery picture, an avatar and a dispute
// file go to the bucket and none to the data folder; a second server process on the same database with
// a data folder of its own serves the picture; dispute files stay private (only their route, with its
// access check, answers them); `npm run media:migrate` moves a folder's files into the bucket and is
// safe to run twice.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import { migrateMedia } from '../../server/mediaMigrate';
import { folderStore, s3Store } from '../../server/platform/files';
import { createHarness, type Harness } from './harness';
import { multipart } from './routeWalk';
import { exited, startServer, tempDir, waitHealthy, removeTempDirs } from './serverProcess';
import { startLocalS3, type LocalS3 } from '../providers/s3';

let s3: LocalS3;
let h: Harness;
let admin: string;

const picture = (w: number, h2: number, colour = { r: 200, g: 40, b: 40 }) =>
  sharp({ create: { width: w, height: h2, channels: 3, background: colour } }).png().toBuffer();
const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

beforeAll(async () => {
  s3 = await startLocalS3();
  h = await createHarness({ config: { s3: s3.settings } });
  admin = await h.login('admin@example.com', 'admin123');
}, 60_000);
afterAll(async () => {
  await h?.close();
  await s3?.stop();
  removeTempDirs();
});

describe('#48 files in object storage', () => {
  let url = '';
  let png: Buffer;

  it('a gallery picture goes to the bucket with its thumbnail, none to the data folder, and is served from it', async () => {
    png = await picture(40, 30);
    const form = multipart([{ name: 'image', filename: 'hall.png', type: 'image/png', data: png }]);
    const res = await h.app.inject({ method: 'POST', url: '/api/v2.1/locations/1/images/', headers: { authorization: `Token ${admin}`, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    url = res.json().url;
    const file = url.split('/').at(-1)!;
    expect(await s3.keys()).toEqual(expect.arrayContaining([`media/gallery/${file}`, `media/gallery/${res.json().thumbnail.split('/').at(-1)}`]));
    expect(filesIn(path.join(h.config.dataDir, 'media')), 'nothing in the data folder').toEqual([]);
    const served = await h.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('a second server process on the same database, with a data folder of its own, serves the picture from the bucket', async () => {
    const port = 19_000 + Math.floor(Math.random() * 500);
    const child = startServer({
      DATABASE_URL: String(h.database.pool.options.connectionString), PORT: String(port), DATA_DIR: tempDir(), SEED_DEMO: 'false',
      S3_ENDPOINT: s3.settings.endpoint!, S3_BUCKET: s3.settings.bucket, S3_REGION: s3.settings.region, S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey, S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      await waitHealthy(port, child);
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/media/gallery/1-nothere.png`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 60_000);

  it('dispute files go to the bucket under private/ and are never served as media', async () => {
    const [t] = (await h.database.pool.query(`SELECT id FROM transactions WHERE location_id = 1 ORDER BY id LIMIT 1`)).rows;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = multipart([{ name: 'text', value: 'Не та сумма' }, { name: 'files', filename: 'act.pdf', type: 'application/pdf', data: pdf }]);
    const res = await h.app.inject({ method: 'POST', url: `/api/v2.1/transactions/${t.id}/dispute/`, headers: { authorization: `Token ${admin}`, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    const fileUrl = res.json().files[0].url as string;
    const name = fileUrl.split('/').filter(Boolean).at(-1)!;
    expect(await s3.keys()).toContain(`private/disputes/${name}`);
    const got = await h.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: `Token ${admin}` } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(401);
    for (const guess of [`/media/%2e%2e/private/disputes/${name}`, `/media/..%2fprivate/disputes/${name}`, `/media/disputes/${name}`, `/private/disputes/${name}`, `/media/../private/disputes/${name}`]) {
      const answer = await h.app.inject({ method: 'GET', url: guess });
      // Nothing but the file's own route gives it: a 404, or the app's page for a path outside /media/.
      expect(answer.rawPayload.includes(pdf), guess).toBe(false);
      expect(answer.headers['content-type'], guess).not.toContain('pdf');
      if (guess.startsWith('/media/disputes/')) expect(answer.statusCode, guess).toBe(404);
    }
  });

  it('`npm run media:migrate` moves the folder\'s files into the bucket, and a second run moves nothing twice', async () => {
    const dir = tempDir();
    const folder = folderStore(dir);
    const one = await picture(12, 12, { r: 10, g: 200, b: 10 });
    await folder.put('media/gallery/1-0a0b0c0d0e0f0a0b0c0d.png', one, 'image/png');
    await folder.put('media/avatars/7-0102030405060708.png', one, 'image/png');
    await folder.put('private/disputes/9-0102030405060708.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf');
    fs.writeFileSync(path.join(dir, 'media', 'gallery', '.DS_Store'), 'x');
    const bucket = s3Store(s3.settings);
    const first = await migrateMedia(dir, bucket);
    expect(first).toEqual({ moved: 3, alreadyThere: 0, skipped: ['media/gallery/.DS_Store'] });
    expect(await s3.keys()).toEqual(expect.arrayContaining(['media/gallery/1-0a0b0c0d0e0f0a0b0c0d.png', 'media/avatars/7-0102030405060708.png', 'private/disputes/9-0102030405060708.pdf']));
    expect(filesIn(dir)).toEqual([path.join('media', 'gallery', '.DS_Store')]);
    expect((await bucket.get('media/avatars/7-0102030405060708.png'))!.data.equals(one)).toBe(true);
    // A run cut short left a file in both places: the second run uploads nothing and clears the folder.
    await folder.put('media/gallery/1-0a0b0c0d0e0f0a0b0c0d.png', one, 'image/png');
    expect(await migrateMedia(dir, bucket)).toEqual({ moved: 0, alreadyThere: 1, skipped: ['media/gallery/.DS_Store'] });
    expect(await migrateMedia(dir, bucket)).toEqual({ moved: 0, alreadyThere: 0, skipped: ['media/gallery/.DS_Store'] });
  });

  it('S3_BUCKET without its keys, or with an endpoint that is not a URL, is refused at start with the reason', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'storage.yandexcloud.net' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'https://storage.yandexcloud.net' }).s3)
      .toEqual({ endpoint: 'https://storage.yandexcloud.net', bucket: 'b', region: 'ru-central1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false });
  });
});
