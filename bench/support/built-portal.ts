import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../apps/server/src/test/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The bundle the portal runs, built from the code as it is now (a stale dist measured old code once). */
let built = false;
function buildServer() {
  if (built) return;
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  built = true;
}

/**
 * The portal as production runs it (`node apps/server/dist/main.js`) on `databaseUrl`, without the
 * demo, the admin's password `adminPassword`, webhooks to loopback receivers allowed; resolves
 * once /api/ready answers. BENCH_PORTAL_NODE_OPTIONS is passed on as its NODE_OPTIONS.
 */
export async function startBuiltPortal(databaseUrl: string, adminPassword: string) {
  buildServer();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-built-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(process.env.BENCH_PORTAL_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_PORTAL_NODE_OPTIONS }
        : {}),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      WEBHOOK_ALLOW_PRIVATE: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 120_000) throw new Error('portal not ready within 120 s');
    await sleep(200);
  }
  return {
    url,
    pid: child.pid,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
