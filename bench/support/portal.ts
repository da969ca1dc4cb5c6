import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/connection';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { seedCatalog } from '../../apps/server/src/db/seed/seed-catalog';

const PASSWORD = 'Bench#Pass1';

/**
 * The real portal on a free port with a file-backed PGlite (or `databaseUrl`),
 * seeded, captcha off, and a token of the demo customer.
 */
export async function startBenchPortal(options: { databaseUrl?: string; webDist?: string } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD, demo: PASSWORD });
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: options.webDist ?? '/nonexistent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const app = await buildApp({ config, database, logger: false });
  await seedCatalog(database.db, app.services.store);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return {
    url,
    token: data.token,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
