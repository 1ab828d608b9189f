// #48 Where the product keeps files: gallery pictures and avatars (public, under `media/`), dispute
// files (private, under `private/`, answered only through their route's access check). One store for
// every module: the data folder by default (DATA_DIR, embedded, for one machine), or an S3-compatible
// bucket when S3_BUCKET is set (Yandex Object Storage, VK Cloud, Selectel, MinIO, AWS), so several
// machines share the files without a shared folder. A file is named by its key, a relative path of
// safe segments (`media/gallery/1-ab12.png`); the bucket holds the same keys the folder holds as paths.
// The S3 client is the official SDK with checksums only where the operation requires them: the SDK's
// default ones (CRC32 on every upload) are refused by most S3-compatible stores.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface StoredFile {
  data: Buffer;
  contentType: string | null;
}

export interface FileStore {
  /** Where files go, for the logs and the readiness page: `folder` or `s3`. */
  readonly kind: 'folder' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /** Removes it; none there is no error. */
  remove(key: string): Promise<void>;
}

/** S3 settings (S3_*); a bucket turns the store to S3. */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`https://host/bucket/key`), as MinIO-like hosts want. */
  forcePathStyle: boolean;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key of safe segments (no `..`, no absolute path, no empty part); anything else is refused. */
export function isFileKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 2 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

function checkedKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
  return key;
}

/** The folder store: DATA_DIR/<key>. */
export function folderStore(dataDir: string): FileStore {
  const file = (key: string) => path.join(dataDir, ...checkedKey(key).split('/'));
  return {
    kind: 'folder',
    async put(key, data) {
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      // Written aside and renamed into place: a reader never sees half a file.
      const partial = `${file(key)}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file(key));
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const data = await fs.readFile(file(key)).catch(() => null);
      return data ? { data, contentType: null } : null;
    },
    async has(key) {
      return isFileKey(key) && (await fs.stat(file(key)).then((s) => s.isFile(), () => false));
    },
    async remove(key) {
      if (isFileKey(key)) await fs.rm(file(key), { force: true });
    },
  };
}

/** A missing object: S3's 404 (NoSuchKey for GET, NotFound for HEAD). */
const missing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The bucket store. */
export function s3Store(s: S3Settings, client = s3Client(s)): FileStore {
  const Bucket = s.bucket;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { data: Buffer.from(await got.Body!.transformToByteArray()), contentType: got.ContentType ?? null };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(key) {
      if (!isFileKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      if (isFileKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

const stores = new WeakMap<object, FileStore>();

/** The store the settings name (the bucket when one is set, else the data folder), one per configuration. */
export function fileStore(config: { dataDir: string; s3: S3Settings | null }): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? s3Store(config.s3) : folderStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}

const TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8',
};
/** A file's content type by its name's extension (what it was stored as, when the store does not say). */
export const contentTypeOf = (key: string) => TYPES[key.split('.').at(-1)!.toLowerCase()] ?? 'application/octet-stream';
