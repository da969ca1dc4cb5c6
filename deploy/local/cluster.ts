// The whole deployment on this machine, for tests and benchmarks: PostgreSQL, an S3-compatible
// store (s3rver), N portal processes and nginx in front, on loopback. `npm run scale-out:up` /
// `scale-out:down` drive it; bench/scale-out.ts uses the same functions. See deploy/README.md.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { findPostgresBinDir } from '../../apps/server/src/test/postgres-binaries';

const root = path.resolve(import.meta.dirname, '../..');

export type ClusterOptions = {
  /** Where everything lives (database, objects, logs, keys); default .tmp/scale-out. */
  dir?: string;
  /** TASK_WORKERS of each portal process; its length is the number of processes. */
  workers?: number[];
  /** nginx listens here; the portals on the next ports, then S3 and PostgreSQL. */
  basePort?: number;
  /** Settings every portal process gets on top of the cluster's own. */
  env?: Record<string, string>;
  /** Parameters of each `server` line of nginx's upstream; default deploy/nginx/portal.conf's. */
  upstreamServer?: string;
};

export type PortalState = { index: number; port: number; workers: number; pid: number | null };

export type ClusterState = {
  dir: string;
  url: string;
  nginxPort: number;
  s3: { port: number; pid: number };
  postgres: { port: number; dataDir: string; url: string };
  portals: PortalState[];
  env: Record<string, string>;
  upstreamServer?: string;
};

/** Known passwords of the seeded accounts in the local cluster (never used elsewhere). */
export const CLUSTER_PASSWORDS = { admin: 'Admin#Cluster1', demo: 'Demo#Cluster1' };
export const CLUSTER_METRICS_TOKEN = 'local-cluster-metrics-token-0123';
const BUCKET = 'portal';

const stateFile = (dir: string) => path.join(dir, 'state.json');
export const defaultDir = () => path.join(root, '.tmp/scale-out');

export function readState(dir = defaultDir()): ClusterState | null {
  return fs.existsSync(stateFile(dir))
    ? (JSON.parse(fs.readFileSync(stateFile(dir), 'utf8')) as ClusterState)
    : null;
}

function writeState(state: ClusterState) {
  fs.writeFileSync(stateFile(state.dir), JSON.stringify(state, null, 2));
}

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const alive = (pid: number | null) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`. */
function postgresCommand(command: string, args: string[]): [string, string[]] {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql');
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, command), ...args]]
    : [path.join(binDir, command), args];
}

function postgresRun(command: string, args: string[]) {
  return execFileSync(...postgresCommand(command, args), { stdio: 'pipe' }).toString();
}

/** The same, without blocking the event loop (a benchmark's clients go on meanwhile). */
async function postgresRunAsync(command: string, args: string[]) {
  const [file, argv] = postgresCommand(command, args);
  return (await promisify(execFile)(file, argv)).stdout;
}

/** pg_ctl's start arguments (restart too: -l keeps the server's output off pg_ctl's pipe). */
function pgCtlStartArgs(dir: string, port: number) {
  const pgRoot = path.join(dir, 'postgres');
  // Durable settings as in production, except the benchmark needs 200+ connections.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${pgRoot} -c max_connections=300 -c shared_buffers=256MB`;
  return ['-D', path.join(pgRoot, 'data'), '-o', options, '-l', path.join(pgRoot, 'server.log'), '-w'];
}

async function startPostgres(dir: string, port: number) {
  const pgRoot = path.join(dir, 'postgres');
  const dataDir = path.join(pgRoot, 'data');
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(pgRoot, { recursive: true });
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', pgRoot]);
    postgresRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }
  if (!(await portOpen(port))) postgresRun('pg_ctl', [...pgCtlStartArgs(dir, port), 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/portal`;
  // psql as the postgres superuser against this cluster.
  const psql = (...args: string[]) =>
    postgresRun('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...args]);
  const exists = psql('-tAc', "select 1 from pg_database where datname = 'portal'");
  if (!exists.trim()) psql('-c', 'create database portal');
  return { port, dataDir, url };
}

function spawnDetached(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  fs.closeSync(log);
  if (!child.pid) throw new Error(`${command} did not start`);
  return child.pid;
}

async function launchS3(dir: string, port: number) {
  const objects = path.join(dir, 's3');
  fs.mkdirSync(objects, { recursive: true });
  const bin = path.join(root, 'node_modules/s3rver/bin/s3rver.js');
  const pid = spawnDetached(
    process.execPath,
    [bin, '-d', objects, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BUCKET],
    path.join(dir, 's3rver.log'),
    process.env,
  );
  await waitFor('s3rver', () => portOpen(port));
  return { port, pid };
}

/** One key per purpose for the whole cluster: every process signs with the same key. */
function ensureKeys(dir: string) {
  const keys = path.join(dir, 'keys');
  fs.mkdirSync(keys, { recursive: true, mode: 0o700 });
  const files = {
    licence: path.join(keys, 'licence-ed25519.pem'),
    release: path.join(keys, 'release-ed25519.pem'),
  };
  for (const file of Object.values(files)) {
    if (fs.existsSync(file)) continue;
    const { privateKey } = generateKeyPairSync('ed25519');
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return files;
}

function portalEnv(state: ClusterState, portal: PortalState): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...state.env,
    PORT: String(portal.port),
    HOST: '127.0.0.1',
    // Each process has a folder of its own: nothing may depend on a shared disk.
    DATA_DIR: path.join(state.dir, `portal-${portal.index}`),
    TASK_WORKERS: String(portal.workers),
  };
}

async function ready(port: number) {
  const answer = await fetch(`http://127.0.0.1:${port}/api/ready`);
  return answer.ok;
}

/** Starts portal process `index` (its previous one must be gone) and waits until it is ready. */
export async function startPortal(state: ClusterState, index: number): Promise<PortalState> {
  const portal = state.portals[index];
  if (!portal) throw new Error(`no portal ${index}`);
  if (alive(portal.pid)) return portal;
  portal.pid = spawnDetached(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    path.join(state.dir, `portal-${index}.log`),
    portalEnv(state, portal),
  );
  writeState(state);
  await waitFor(`portal ${index} on port ${portal.port}`, () => ready(portal.port), 120_000);
  return portal;
}

/** Sends `signal` to portal `index` (SIGKILL: no drain at all) and waits until it is gone. */
export async function stopPortal(state: ClusterState, index: number, signal: NodeJS.Signals = 'SIGTERM') {
  const portal = state.portals[index];
  if (!portal?.pid || !alive(portal.pid)) return;
  process.kill(portal.pid, signal);
  const pid = portal.pid;
  await waitFor(`portal ${index} to stop`, async () => !alive(pid), 60_000);
  portal.pid = null;
  writeState(state);
}

/**
 * The database as an operator handles it, for fault benchmarks: `restart` (pg_ctl restart -m
 * `mode`), `stop` (-m `mode`) or `start` again on the same port and data; returns once done.
 */
export async function controlPostgres(
  state: ClusterState,
  action: 'restart' | 'stop' | 'start',
  mode: 'fast' | 'immediate' = 'fast',
) {
  const start = pgCtlStartArgs(state.dir, state.postgres.port);
  if (action === 'stop')
    await postgresRunAsync('pg_ctl', ['-D', state.postgres.dataDir, '-m', mode, '-w', 'stop']);
  else await postgresRunAsync('pg_ctl', [...start, ...(action === 'restart' ? ['-m', mode] : []), action]);
}

/** Stops the object store (an outage: SIGKILL, nothing drains) and waits until it is gone. */
export async function stopS3(state: ClusterState) {
  const { pid } = state.s3;
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  await waitFor('s3rver to stop', async () => !alive(pid) && !(await portOpen(state.s3.port)));
}

/** Starts the object store again on the same port and folder (the objects are still there). */
export async function startS3(state: ClusterState) {
  if (alive(state.s3.pid)) return;
  state.s3 = await launchS3(state.dir, state.s3.port);
  writeState(state);
}

function nginxConfig(state: ClusterState): string {
  const servers = state.portals
    .map(
      (portal) =>
        `        server 127.0.0.1:${portal.port} ${state.upstreamServer ?? 'max_fails=1 fail_timeout=5s'};`,
    )
    .join('\n');
  // The server block is deploy/nginx/portal.conf's, with this cluster's ports.
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8')
    .replace(
      /upstream portal \{[\s\S]*?\n\}/,
      `upstream portal {\n    least_conn;\n${servers}\n    keepalive 64;\n    keepalive_timeout 1s;\n}`,
    )
    .replace('listen 80;', `listen 127.0.0.1:${state.nginxPort} reuseport backlog=4096;`)
    .replace('server_name downloads.example.com;', 'server_name localhost;')
    .replace(/access_log \/var\/log\/nginx\/\S+ portal_no_query;/, 'access_log off;');
  const prefix = path.join(state.dir, 'nginx');
  return `worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path ${prefix}/tmp/body;
    proxy_temp_path ${prefix}/tmp/proxy;
    fastcgi_temp_path ${prefix}/tmp/fastcgi;
    uwsgi_temp_path ${prefix}/tmp/uwsgi;
    scgi_temp_path ${prefix}/tmp/scgi;
    types_hash_max_size 2048;
${site}
}
`;
}

function startNginx(state: ClusterState) {
  const prefix = path.join(state.dir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  fs.chmodSync(path.join(prefix, 'tmp'), 0o777);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(state));
  const nginx = NGINX_BINARY;
  if (fs.existsSync(path.join(prefix, 'nginx.pid'))) {
    execFileSync(nginx, ['-p', prefix, '-c', conf, '-s', 'reload'], { stdio: 'pipe' });
  } else execFileSync(nginx, ['-p', prefix, '-c', conf], { stdio: 'pipe' });
}

function stopNginx(dir: string) {
  const pidFile = path.join(dir, 'nginx', 'nginx.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  if (alive(pid)) process.kill(pid, 'SIGQUIT');
  fs.rmSync(pidFile, { force: true });
}

/** Builds the server and the web app once (dist/), unless already built. */
function build(force: boolean) {
  const built = (file: string) => fs.existsSync(path.join(root, file));
  if (force || !built('apps/web/dist/index.html'))
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (force || !built('apps/server/dist/main.js'))
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
}

/** A tool the cluster needs is missing: one line naming it and how to install it. */
export class MissingToolError extends Error {}

const NGINX_BINARY = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** Checks every tool first, so nothing is started for a run that cannot complete. */
function requireTools() {
  const onPath = (name: string) =>
    name.startsWith('/')
      ? fs.existsSync(name)
      : (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, name)));
  if (!onPath(NGINX_BINARY))
    throw new MissingToolError('nginx not found (it runs in front of the portals): apt-get install -y nginx');
  if (!findPostgresBinDir())
    throw new MissingToolError(
      'PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install -y postgresql',
    );
}

/**
 * Starts what is not running yet and returns the cluster's state. On any failure it stops what
 * it started (and what an earlier `up` left in the same folder) before passing the error on.
 */
export async function up(options: ClusterOptions & { rebuild?: boolean } = {}): Promise<ClusterState> {
  requireTools();
  const dir = path.resolve(options.dir ?? defaultDir());
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await startCluster(dir, options);
  } catch (error) {
    await down({ dir }).catch(() => undefined);
    throw error;
  }
}

async function startCluster(
  dir: string,
  options: ClusterOptions & { rebuild?: boolean },
): Promise<ClusterState> {
  const basePort = options.basePort ?? 18080;
  const workers = options.workers ?? [2, 0];
  build(options.rebuild ?? false);
  const postgres = await startPostgres(dir, basePort + 50);
  const previous = readState(dir);
  const s3 = previous && alive(previous.s3.pid) ? previous.s3 : await launchS3(dir, basePort + 40);
  const keys = ensureKeys(dir);
  const nginxPort = basePort;
  const state: ClusterState = {
    dir,
    url: `http://127.0.0.1:${nginxPort}`,
    nginxPort,
    s3,
    postgres,
    upstreamServer: options.upstreamServer,
    portals: workers.map((count, index) => ({
      index,
      port: basePort + 1 + index,
      workers: count,
      pid: previous?.portals[index]?.pid ?? null,
    })),
    env: {
      DATABASE_URL: postgres.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '1',
      LICENCE_KEY_FILE: keys.licence,
      SIGNING_KEY_FILE: keys.release,
      // The OpenPGP keys, created on first use by whichever process asks first (an atomic link):
      // one CSAF signing key and one PSIRT key for the cluster, not one per DATA_DIR.
      CSAF_SIGNING_KEY_FILE: path.join(path.dirname(keys.release), 'csaf-openpgp.asc'),
      PSIRT_KEY_FILE: path.join(path.dirname(keys.release), 'psirt-openpgp.asc'),
      ADMIN_PASSWORD: CLUSTER_PASSWORDS.admin,
      DEMO_PASSWORD: CLUSTER_PASSWORDS.demo,
      METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_SUPERVISE_SECONDS: '5',
      ...options.env,
    },
  };
  writeState(state);
  // The first process migrates and seeds; the others start once it is ready.
  await startPortal(state, 0);
  await Promise.all(state.portals.slice(1).map((portal) => startPortal(state, portal.index)));
  startNginx(state);
  await waitFor('nginx', () => ready(nginxPort));
  return state;
}

/** Stops everything the state file names; `purge` also deletes the folder (data included). */
export async function down(options: { dir?: string; purge?: boolean } = {}) {
  const dir = path.resolve(options.dir ?? defaultDir());
  const state = readState(dir);
  stopNginx(dir);
  if (state) {
    await Promise.all(state.portals.map((portal) => stopPortal(state, portal.index, 'SIGTERM')));
    if (alive(state.s3.pid)) process.kill(state.s3.pid, 'SIGTERM');
  }
  const dataDir = path.join(dir, 'postgres', 'data');
  if (fs.existsSync(path.join(dataDir, 'postmaster.pid')))
    postgresRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  if (options.purge) fs.rmSync(dir, { recursive: true, force: true });
}
