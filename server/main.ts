// Starts the whole product: config -> database (embedded or DATABASE_URL) -> migrations ->
// demo seed -> the setup link while there is no account -> HTTP server (API + built SPA) -> job worker. Stops cleanly on SIGTERM/SIGINT.
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { connectionBudget, connectionBudgetLine, openDatabase } from './database';
import { demoDataPresent, seedDemo, seedReference } from './db/seed/demo';
import { createJobWorker, scheduleCertificateExpiry } from './jobs';
import { scheduleEventExpiry } from './modules/live/retention';
import { scheduleDailyLetters } from './modules/till/dailyLetter';
import { loggerOptions } from './platform/logging';
import { schedulePruning } from './platform/jobs';
import { scheduleNoShows } from './modules/arrivals/noShows';
import { scheduleRetention } from './modules/people/retention';
import { scheduleMessageSweep } from './modules/messages/send';
import { resolveSecrets } from './platform/secrets';
import { createMailer } from './platform/mail';
import { setupLinkIfEmpty, setupLogLine } from './modules/setup/service';
import { ensureConsentTexts } from './modules/locations/consent';
import { paymentsStartLine } from './modules/paymentProviders/startLine';

const settings = loadConfigOrExit();
const log = pino(loggerOptions(settings.logLevel));

async function main() {
  const started = Date.now();
  const database = await openDatabase(settings, (m) => log.debug({ postgres: m }), async (db) => {
    await seedReference(db);
    if (settings.seedDemo && (await seedDemo(db))) log.info('demo data seeded');
    // #40 Locations older than migration 0020 get their consent text's version 1 from the template.
    const consents = await ensureConsentTexts(db);
    if (consents) log.info({ locations: consents }, 'personal-data consent texts made from the template');
    // Under the startup lock, so processes started together book one hourly expiry run, not one each.
    await scheduleCertificateExpiry(db);
    await scheduleEventExpiry(db);
    await schedulePruning(db);
    await scheduleNoShows(db); // #44
    await scheduleMessageSweep(db); // #45
    await scheduleDailyLetters(db); // #43 the till's daily letters
    await scheduleRetention(db); // #47 guests' data past the retention
    // No account yet (SEED_DEMO=false): the first start's setup link. In a cluster the primary prints it, not each worker.
    if (!process.env.CLUSTER_WORKER) {
      const link = await setupLinkIfEmpty(db, settings.publicUrl);
      if (link) log.info(setupLogLine(link));
    }
  });
  log.info({ embedded: database.embedded }, 'database ready, migrations applied');
  // Issue #31: what this process may open, for the operator's connection budget (docs/operations.md, "Connection poolers").
  log.info(connectionBudget(settings), connectionBudgetLine(settings));
  // The HMAC secrets: the environment's, else the ones this database keeps (made on first start).
  const secrets = await resolveSecrets(database.db, settings);
  // #29: the sandbox provider (no money moves) only with the demo data, or PAYMENT_SANDBOX=on; never because the database is embedded.
  const config = { ...secrets, paymentSandbox: secrets.paymentSandboxSetting === 'on' || (secrets.paymentSandboxSetting === 'demo' && await demoDataPresent(database.db)) };
  log.info(paymentsStartLine(config.paymentSandbox, config.paymentSandboxSetting));

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log });
  const deps = { db: database.db, pool: database.pool, config, mailer };
  const app = await buildApp(deps, { loggerInstance: log });
  const worker = createJobWorker(deps, log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    try {
      await app.close();
      await worker.stop();
      await database.shutdown();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  log.info({ url: `http://localhost:${config.port}`, ms: Date.now() - started }, 'back-office is up');
}

main().catch((err) => {
  log.fatal({ err }, 'failed to start');
  process.exit(1);
});
