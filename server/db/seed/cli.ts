// `npm run seed` seeds demo data into an empty database; `npm run seed -- --reset` wipes and reseeds.
import { loadConfig } from '../../config';
import { openDatabase } from '../../database';
import { resetDatabase, seedDemo, seedReference } from './demo';

const config = loadConfig();
const reset = process.argv.includes('--reset');
const database = await openDatabase(config, () => {});
try {
  if (reset) await resetDatabase(database.db);
  await seedReference(database.db);
  const seeded = await seedDemo(database.db);
  console.log(seeded ? 'Demo data seeded.' : 'The database already has users; nothing seeded (use --reset to rebuild).');
} finally {
  await database.shutdown();
}
