import closeWithGrace from 'close-with-grace';
import { sql } from 'drizzle-orm';
import { buildApp, defaultLoggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseConnectError, openDatabase } from './db/connection';
import { PREPARE_ONLY_ENV, PrepareError, prepareInChildProcess } from './db/prepare';
import { seedDatabase } from './db/seed/seed';
import { seedCatalog } from './db/seed/seed-catalog';
import { seedCliBuilds } from './db/seed/seed-cli-builds';
import { seedAdvisories } from './db/seed/seed-advisories';
import { seedInventory } from './db/seed/seed-inventory';
import { serializeError } from './lib/log-error';

/**
 * Printed once, on the start that created the accounts: the passwords the seed generated (never
 * stored in clear anywhere). A password the operator supplied is not repeated.
 */
function firstStartBanner(generated: { admin?: string; demo?: string }, withDemo: boolean): string {
  const line = '='.repeat(60);
  const shown = (password: string | undefined, source: string) =>
    password ?? `(the password you set in ${source})`;
  return [
    '',
    line,
    withDemo ? 'Demo data created. Sign in with:' : 'Portal initialised. Sign in with:',
    `  admin / ${shown(generated.admin, 'ADMIN_PASSWORD')}  (super administrator)`,
    ...(withDemo ? [`  demo  / ${shown(generated.demo, 'DEMO_PASSWORD')}  (customer)`] : []),
    ...(generated.admin || generated.demo ? ['Generated passwords are shown only now.'] : []),
    line,
    '',
    '',
  ].join('\n');
}

/**
 * Starts the portal: config -> database (migrated, seeded) -> HTTP server; closes cleanly on
 * signals. The embedded database is prepared in a child process first (prepareInChildProcess).
 */
async function main() {
  const config = loadConfig();
  const prepareOnly = process.env[PREPARE_ONLY_ENV] === '1';
  // The child that prepares stops when the portal that started it is gone (killed outright).
  const orphaned = () => process.exit(1);
  if (prepareOnly) process.once('disconnect', orphaned);
  if (!config.DATABASE_URL && !prepareOnly) await prepareInChildProcess(config);
  // Until the app's logger exists, a lost connection is written to stderr as one short line.
  let connectionLost = (error: Error) =>
    process.stderr.write(`database connection lost: ${JSON.stringify(serializeError(error))}\n`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    poolSize: config.DB_POOL_SIZE,
    poolTimeoutMs: config.DB_POOL_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    onConnectionError: (error) => connectionLost(error),
  });
  await database.migrate();
  const seed = await seedDatabase(
    database.db,
    { admin: config.ADMIN_PASSWORD, demo: config.DEMO_PASSWORD },
    new Date(),
    { demo: config.SEED_DEMO },
  );
  // At once: generated passwords are not stored in clear, so a later failure must not lose them.
  if (seed.seeded) process.stdout.write(firstStartBanner(seed.generated, config.SEED_DEMO));
  // The child that prepares works no jobs: it only installs the queue's schema (on ready).
  const app = await buildApp({
    config: prepareOnly ? { ...config, TASK_WORKERS: 0 } : config,
    database,
    logger: defaultLoggerOptions(config),
  });
  // A database restart ends every connection: each is dropped and replaced on the next query.
  connectionLost = (error) => {
    app.log.warn({ err: error }, 'database connection lost; it is replaced on the next query');
    return true;
  };
  if (config.SEED_DEMO) {
    await seedCatalog(database.db, app.services.store, new Date(), config.DEMO_FILE_MB);
    // fwportal's single executables, when `npm run build:cli-binaries` made new ones.
    await seedCliBuilds(database.db, app.services.store, { log: (message) => app.log.warn(message) });
    await seedAdvisories(database.db, app.services.advisoryAuthoring);
    await seedInventory(database.db, app.services.inventory);
  }
  if (prepareOnly) {
    await app.ready();
    await app.close();
    // Written to the data files now, so the portal that opens them next replays no WAL.
    await database.db.execute(sql`checkpoint`);
    await database.close();
    process.off('disconnect', orphaned);
    process.disconnect?.();
    // Done: a keep-alive socket (object storage, SMTP) must not keep the portal waiting.
    setTimeout(() => process.exit(0), 2000).unref();
    return;
  }

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `portal on ${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`} (database: ${database.driver})`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof PrepareError ||
    error instanceof DatabaseConnectError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
