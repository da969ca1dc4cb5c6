import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'portal-main.ts');

/** `startBenchPortal` in a child process (see portal-main.ts); `close` stops it. */
export async function startPortalProcess(options: { databaseUrl?: string }) {
  const env = { ...process.env };
  // Without a URL the portal keeps a file-backed PGlite of its own (never the string "undefined").
  if (options.databaseUrl) env.BENCH_PORTAL_DATABASE_URL = options.databaseUrl;
  else delete env.BENCH_PORTAL_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench portal exited with ${code} before listening`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  return {
    url,
    token,
    pid: child.pid,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
