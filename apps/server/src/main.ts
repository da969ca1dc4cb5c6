import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { seedDatabase } from './db/seed/seed';
import { seedCatalog } from './db/seed/seed-catalog';

/** Starts the portal: config -> database (migrated, seeded) -> HTTP server; closes cleanly on signals. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const seed = await seedDatabase(database.db, { admin: config.ADMIN_PASSWORD, demo: config.DEMO_PASSWORD });
  const app = await buildApp({ config, database });
  await seedCatalog(database.db, app.services.store);
  if (seed.seeded) {
    // Printed once, on the start that created the accounts; never stored in clear.
    const line = '='.repeat(60);
    process.stdout.write(
      `\n${line}\nDemo data created. Sign in with:\n  admin / ${seed.adminPassword}  (super administrator)\n  demo  / ${seed.demoPassword}  (customer)\nThese passwords are shown only now.\n${line}\n\n`,
    );
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
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
