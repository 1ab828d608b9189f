// #48 `npm run media:migrate`: moves the files kept in the data folder (DATA_DIR/media: gallery
// pictures and avatars; DATA_DIR/private: dispute files) to the bucket S3_* names, so a deployment
// that starts using object storage keeps its pictures and files. Each file is uploaded unless the
// bucket has it already, and removed from the folder once the bucket answers for it: a second run
// (or a run after one cut short) uploads nothing twice and finishes the rest. The mail folder stays.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from './config';
import { contentTypeOf, isFileKey, s3Store, type FileStore } from './platform/files';

/** The folders whose files move: public media and private files. */
const ROOTS = ['media', 'private'];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) found.push(...await filesUnder(full));
    else if (e.isFile() && !e.name.endsWith('.part')) found.push(full);
  }
  return found;
}

export interface MigrationReport { moved: number; alreadyThere: number; skipped: string[] }

/** Moves every file of the data folder's media and private folders into `bucket`. */
export async function migrateMedia(dataDir: string, bucket: FileStore): Promise<MigrationReport> {
  const report: MigrationReport = { moved: 0, alreadyThere: 0, skipped: [] };
  for (const root of ROOTS) {
    for (const file of await filesUnder(path.join(dataDir, root))) {
      const key = path.relative(dataDir, file).split(path.sep).join('/');
      // A name the store would refuse (a stray file) stays where it is, and is named.
      if (!isFileKey(key)) {
        report.skipped.push(key);
        continue;
      }
      if (await bucket.has(key)) report.alreadyThere++;
      else {
        await bucket.put(key, await fs.readFile(file), contentTypeOf(key));
        report.moved++;
      }
      // Removed only once the bucket answers for it.
      if (await bucket.has(key)) await fs.rm(file, { force: true });
    }
  }
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = loadConfigOrExit();
  if (!config.s3) {
    console.error('S3_BUCKET is not set: there is no bucket to move the files to (README, "Files in object storage").');
    process.exit(2);
  }
  const report = await migrateMedia(config.dataDir, s3Store(config.s3));
  console.log(`Moved ${report.moved} files to bucket ${config.s3.bucket}; ${report.alreadyThere} were there already.`);
  if (report.skipped.length) console.log(`Left in the folder (not a file the product keeps): ${report.skipped.join(', ')}`);
}
