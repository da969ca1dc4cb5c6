// Memory of the embedded default (PGlite): resident set size of `node dist/main.js` once it is
// ready, on a first start (empty DATA_DIR) and on a second start, for a few settings, plus what
// a bare PGlite costs. `npm run bench:memory` (builds the server first); see bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18998;

const rssMiB = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** Starts the portal, waits for /api/ready, returns its RSS after 5 s and after 30 s idle, stops it. */
async function measure(dataDir: string, env: Record<string, string>): Promise<[number, number]> {
  const child = spawn(
    process.execPath,
    [...(env.NODE_FLAGS?.split(' ') ?? []), 'dist/main.js'].filter(Boolean),
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        ...env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        CAPTCHA: 'off',
        LOG_LEVEL: 'error',
        ADMIN_PASSWORD: 'Admin#Bench1',
        DEMO_PASSWORD: 'Demo#Bench1',
      },
      stdio: 'ignore',
    },
  );
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('portal did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const early = rssMiB(child.pid ?? 0);
    // V8 gives memory back when the process has been idle a while (its memory reducer).
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    return [early, rssMiB(child.pid ?? 0)];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
  const variants: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'PGlite shared_buffers 128 MB (PostgreSQL default)', env: { PGLITE_SHARED_BUFFERS_MB: '128' } },
    { name: 'shared_buffers 16 MB (the default now)', env: {} },
    { name: '+ node --max-semi-space-size=4', env: { NODE_FLAGS: '--max-semi-space-size=4' } },
    {
      name: '+ MALLOC_ARENA_MAX=2, shared_buffers 4 MB',
      env: { NODE_FLAGS: '--max-semi-space-size=4', MALLOC_ARENA_MAX: '2', PGLITE_SHARED_BUFFERS_MB: '4' },
    },
    {
      // glibc: one arena, and large blocks always mapped and unmapped (argon2's buffers go back).
      name: 'small-memory: --max-semi-space-size=2 --optimize-for-size, one malloc arena, mmap threshold 128 KiB, shared_buffers 4 MB',
      env: {
        NODE_FLAGS: '--max-semi-space-size=2 --optimize-for-size',
        MALLOC_ARENA_MAX: '1',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
        PGLITE_SHARED_BUFFERS_MB: '4',
      },
    },
  ];
  const rows = [];
  for (const variant of variants) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-memory-'));
    try {
      const first = await measure(dataDir, variant.env);
      const second = await measure(dataDir, variant.env);
      rows.push({
        settings: variant.name,
        'first start MiB (5 s / 30 s)': first.join(' / '),
        'second start MiB (5 s / 30 s)': second.join(' / '),
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `RSS of the idle portal on PGlite (ready + 5 s and + 30 s), Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
