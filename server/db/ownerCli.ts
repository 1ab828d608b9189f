// `npm run owner -- --email owner@example.com`: for scripted installs (#28), instead of the setup
// page. Creates the owner (or makes an existing account an owner: role 40 and every permission at
// every location) and prints a set-password link. Runs the migrations first, like the server.
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../database';
import { seedReference } from './seed/demo';
import { ownerFromCommandLine } from '../modules/setup/service';
import { emailSchema } from '../platform/validation';

const args = process.argv.slice(2);
const at = args.indexOf('--email');
const email = emailSchema.safeParse(at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--email='))?.slice(8));
if (!email.success) {
  console.error('usage: npm run owner -- --email owner@example.com');
  process.exit(2);
}
const config = loadConfigOrExit();
const database = await openDatabase(config, () => {}, seedReference);
try {
  const { link, created } = await ownerFromCommandLine(database.db, email.data, { publicUrl: config.publicUrl, ttlMinutes: config.resetKeyTtlMinutes });
  console.log(`${created ? 'Owner created' : 'Owner'}: ${email.data}. Set the password within ${config.resetKeyTtlMinutes} minutes at:\n${link}`);
} finally {
  await database.shutdown();
}
