// #48 A local S3-compatible object store for the tests: s3rver (a well-known fake S3 server that
// speaks S3's REST API over real HTTP), in a temporary folder, with one bucket. The product reaches
// it as any S3-compatible host, through the AWS SDK with path-style addresses (as MinIO is reached).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../../server/platform/files';

export interface LocalS3 {
  url: string;
  settings: S3Settings;
  /** The keys the bucket holds now. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function startLocalS3(bucket = 'venue-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'local-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  // s3rver's own default credentials (it checks the signature with them).
  const settings: S3Settings = { endpoint: url, bucket, region: 'ru-central1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  const client = s3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    url, settings,
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort(),
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
