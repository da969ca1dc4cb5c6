import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBinDir } from './postgres-binaries';
import { freePort } from './free-port';

export type PostgresServer = {
  url: string;
  /** Stops the server as an operator would (`pg_ctl stop -m fast|immediate`), keeping its data. */
  halt(mode: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and data (after halt). */
  resume(): void;
  stop(): void;
};

/**
 * Starts a throwaway PostgreSQL cluster for the tests. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to (and runs as) `postgres`.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresServer> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, command), ...args]]
      : [path.join(binDir, command), args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres', root]);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Fast by default; `durable` keeps PostgreSQL's own settings, so that a commit it acknowledged
  // survives `pg_ctl stop -m immediate` as in production (a restart test needs that).
  const speed = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off';
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root}${speed} -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', settings, '-l', path.join(root, 'server.log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: (mode) => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    resume: start,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
