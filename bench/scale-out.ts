// Scale-out proof (issue 19): 2 portal processes + nginx + PostgreSQL + S3 on loopback, mixed
// load from 200 clients, one process killed with SIGKILL at a third of the run and restarted
// at two thirds. Exits non-zero when a download record is lost, a task is stuck, a checksum
// does not match, a job ran twice or the sign-in rate limit is counted per process.
// `npm run bench:scale-out [-- --seconds 30 --clients 200]`; see bench/README.md.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import {
  CLUSTER_PASSWORDS,
  type ClusterState,
  defaultDir,
  down,
  startPortal,
  stopPortal,
  up,
} from '../deploy/local/cluster';
import { S3FileStore } from '../apps/server/src/lib/file-store/s3-file-store';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

const SECONDS = option('seconds', 60);
const CLIENTS = option('clients', 200);
const COMPARE_SECONDS = option('compare-seconds', 10);
const LOGIN_LIMIT = 30;
/** Accounts the clients share (a user may have 5 open tasks: 200 clients need many users). */
const USERS = 40;
const TASK_WAIT_MS = 180_000;
/** Files large enough that a kill cuts some downloads mid-way (the seed's files are a few kB). */
const LARGE_FILES = 4;
const LARGE_FILE_BYTES = 8 * 1024 * 1024;

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders; complete: boolean };
type Kind = 'reset' | 'bad-gateway' | 'server-error' | 'client-error' | 'timeout' | 'truncated';

/** One request over the client's own keep-alive connection (and source address). */
function send(
  agent: http.Agent,
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const request = http.request(`${base}${url}`, {
      method,
      agent,
      timeout: 30_000,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        'accept-language': 'en-US',
        ...options.headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let done = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        done = true;
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          headers: response.headers,
          complete: true,
        });
      });
      // A body cut off (its process was killed): what arrived, marked incomplete.
      response.on('close', () => {
        if (!done)
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
            complete: false,
          });
      });
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(payload);
  });
}

class Stats {
  requests = 0;
  latencies: number[] = [];
  errors = new Map<Kind, number>();
  ops = new Map<string, number>();
  downloadsVerified = 0;
  downloadBytes = 0;
  checksumMismatches = 0;
  completedDownloadRequests = 0;
  resumedDownloads = 0;
  tasksSubmitted: number[] = [];
  tasksRefused = 0;

  error(kind: Kind) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  op(name: string) {
    this.ops.set(name, (this.ops.get(name) ?? 0) + 1);
  }
  percentile(p: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length
      ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
      : 0;
  }
  errorCount() {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }
}

type Version = { versionId: number; fileSize: number; sha256: string };

/** A virtual customer: signs in, then browses, looks up SNs, downloads and submits tasks. */
class Client {
  private readonly agent: http.Agent;
  private token = '';

  constructor(
    private readonly index: number,
    private readonly base: string,
    private readonly stats: Stats,
    private readonly versions: Version[],
    private readonly serials: string[],
  ) {
    // Each client its own loopback address, as distinct customers are to nginx and the limits.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: 1,
      localAddress: `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`,
    });
  }

  /** A request; connection errors and 502/503 (a process died under it) are retried, and counted. */
  private async call(method: string, url: string, options: Parameters<typeof send>[4] = {}, retries = 3) {
    for (let attempt = 0; ; attempt += 1) {
      const started = performance.now();
      this.stats.requests += 1;
      try {
        const answer = await send(this.agent, this.base, method, url, { token: this.token, ...options });
        this.stats.latencies.push(performance.now() - started);
        if (answer.status === 502 || answer.status === 503) this.stats.error('bad-gateway');
        else if (answer.status >= 500) this.stats.error('server-error');
        else if (!answer.complete) this.stats.error('truncated');
        else return answer;
        if (!answer.complete && answer.status < 500) return answer;
      } catch (error) {
        this.stats.latencies.push(performance.now() - started);
        this.stats.error((error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? 'timeout' : 'reset');
      }
      if (attempt >= retries) return null;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  async signIn() {
    const account = `bench_${(this.index % USERS) + 1}`;
    const answer = await this.call('POST', '/api/login', {
      body: { account, password: CLUSTER_PASSWORDS.demo },
    });
    const token = answer
      ? (JSON.parse(answer.body.toString()) as { data?: { token?: string } }).data?.token
      : undefined;
    if (!token)
      throw new Error(`client ${this.index} could not sign in: ${answer?.body.toString().slice(0, 200)}`);
    this.token = token;
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(Math.random() * list.length)] as T;
  }

  /** Two ranges, each resumed where it broke off; the whole must match the SHA-256. */
  private async download() {
    const version = this.pick(this.versions);
    const parts: Buffer[] = [];
    let offset = 0;
    const half = Math.max(1, Math.floor(version.fileSize / 2));
    for (let tries = 0; offset < version.fileSize && tries < 8; tries += 1) {
      const end = offset < half ? half - 1 : version.fileSize - 1;
      const answer = await this.call('GET', `/api/downloads/${version.versionId}`, {
        headers: { range: `bytes=${offset}-${end}` },
      });
      if (!answer) return;
      if (answer.status !== 206) {
        this.stats.error('client-error');
        return;
      }
      parts.push(answer.body);
      offset += answer.body.length;
      if (answer.complete) this.stats.completedDownloadRequests += 1;
      else this.stats.resumedDownloads += 1;
    }
    const bytes = Buffer.concat(parts);
    if (createHash('sha256').update(bytes).digest('hex') === version.sha256) {
      this.stats.downloadsVerified += 1;
      this.stats.downloadBytes += bytes.length;
    } else this.stats.checksumMismatches += 1;
  }

  private async submitTask() {
    // A POST is not retried by nginx; the client retries a 502 only when nothing was created.
    const answer = await this.call(
      'POST',
      '/api/tasks/mirror',
      { body: { by: 'sn', values: this.pick(this.serials) } },
      0,
    );
    if (!answer) return;
    const body = JSON.parse(answer.body.toString()) as { data?: { task?: { id: number } } };
    if (answer.status === 200 && body.data?.task) this.stats.tasksSubmitted.push(body.data.task.id);
    else if (answer.status === 429 || answer.status === 400 || answer.status === 409)
      this.stats.tasksRefused += 1;
    else this.stats.error('client-error');
  }

  async run(until: number) {
    if (!this.token) await this.signIn();
    while (Date.now() < until) {
      const roll = Math.random();
      let op: string;
      if (roll < 0.3) {
        op = 'getLoginUser';
        await this.call('GET', '/api/getLoginUser');
      } else if (roll < 0.5) {
        op = 'catalogue list';
        await this.call('GET', '/api/catalog/versions?pageNo=1&pageSize=20&latest=true');
      } else if (roll < 0.6) {
        op = 'search';
        await this.call(
          'GET',
          `/api/catalog/versions?pageNo=1&pageSize=20&q=${this.pick(['BMC', 'BIOS', 'CVE', 'raid', 'nic'])}`,
        );
      } else if (roll < 0.72) {
        op = 'SN lookup';
        await this.call('POST', '/api/catalog/pcie/lookup', {
          body: { by: 'sn', values: this.pick(this.serials) },
        });
      } else if (roll < 0.9) {
        op = 'download';
        await this.download();
      } else if (roll < 0.95) {
        op = 'task';
        await this.submitTask();
      } else {
        op = 'sign-in';
        await this.signIn();
      }
      this.stats.op(op);
    }
    this.agent.destroy();
  }
}

/** Customers for the load: copies of the demo customer (same password and roles), every SN verified. */
async function seedUsers(client: pg.Client) {
  await client.query(
    `insert into users (account, password_hash, name, company, organisation_id, admin_type, source_type)
     select 'bench_' || g, password_hash, name, company, organisation_id, admin_type, source_type
       from users, generate_series(1, $1::int) g where account = 'demo'
     on conflict (account) do nothing`,
    [USERS],
  );
  await client.query(
    `insert into user_roles (user_id, role_id)
     select b.id, r.role_id from users b, user_roles r, users d
      where b.account like 'bench\\_%' and d.account = 'demo' and r.user_id = d.id
     on conflict do nothing`,
  );
  // Verified by staff, as ownership always is (the demo customer has no SN of its own).
  await client.query(
    `insert into user_serials (user_id, sn, state, bound_at, verified_at)
     select b.id, s.sn, 'verified', now(), now() from users b, serial_numbers s
      where b.account like 'bench\\_%'
     on conflict do nothing`,
  );
  const { rows } = await client.query<{ sn: string }>('select sn from serial_numbers order by sn');
  return rows.map((row) => row.sn);
}

/** Publishes LARGE_FILES versions of random bytes on a public item, straight into S3 and the database. */
async function publishLargeFiles(client: pg.Client, state: ClusterState): Promise<Version[]> {
  const store = new S3FileStore({
    endpoint: state.env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: state.env.S3_BUCKET ?? 'portal',
    accessKeyId: state.env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: state.env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
  });
  const versions: Version[] = [];
  for (let n = 1; n <= LARGE_FILES; n += 1) {
    const bytes = randomBytes(LARGE_FILE_BYTES);
    const key = `bench/large-${n}.iso`;
    const stored = await store.put(key, Readable.from([bytes]));
    const md5 = createHash('md5').update(bytes).digest('hex');
    const { rows } = await client.query<{ id: number }>(
      `insert into catalog_versions (item_id, version, status, release_date, file_category, file_name, file_size, sha256, md5, storage_key, published_at)
       select item_id, '99.9.' || $1::int, 'published', release_date, file_category, 'bench-large-' || $1::int || '.iso', $2, $3, $4, $5, now()
         from catalog_versions v join catalog_items i on i.id = v.item_id
        where i.code = 'livecd-x86' and v.status = 'published' limit 1
       returning id`,
      [n, stored.size, stored.sha256, md5, key],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('large version not inserted');
    versions.push({ versionId: id, fileSize: stored.size, sha256: stored.sha256 });
  }
  return versions;
}

async function catalogue(base: string): Promise<Version[]> {
  const agent = new http.Agent();
  const login = await send(agent, base, 'POST', '/api/login', {
    body: { account: 'bench_1', password: CLUSTER_PASSWORDS.demo },
  });
  const token = (JSON.parse(login.body.toString()) as { data: { token: string } }).data.token;
  const list = await send(agent, base, 'GET', '/api/catalog/versions?pageNo=1&pageSize=100', { token });
  const rows = (JSON.parse(list.body.toString()) as { data: { rows: Version[] } }).data.rows;
  agent.destroy();
  return rows.filter((row) => row.fileSize > 1 && row.fileSize < LARGE_FILE_BYTES);
}

/** CLIENTS clients, each signed in (sign-in hashes a password: it is not what a run should time). */
async function signedInClients(base: string, stats: Stats, versions: Version[], serials: string[]) {
  const clients = Array.from(
    { length: CLIENTS },
    (_, index) => new Client(index, base, stats, versions, serials),
  );
  for (let at = 0; at < clients.length; at += 20)
    await Promise.all(clients.slice(at, at + 20).map((c) => c.signIn()));
  return clients;
}

/** Load against one address for `seconds`: requests per second (the 1 vs 2 processes figure). */
async function throughput(base: string, seconds: number, versions: Version[], serials: string[]) {
  const stats = new Stats();
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) =>
      new Client(index, base, stats, versions, serials).run(until),
    ),
  );
  return { rps: stats.requests / ((Date.now() - started) / 1000), stats };
}

/** Wrong passwords for unknown accounts from one address, alternating between the processes. */
async function rateLimitAcrossProcesses(state: ClusterState) {
  let accepted = 0;
  const agents = state.portals.map(() => new http.Agent({ localAddress: '127.0.9.9' }));
  for (let attempt = 0; attempt < LOGIN_LIMIT * 2; attempt += 1) {
    const portal = state.portals[attempt % state.portals.length];
    if (!portal) continue;
    const answer = await send(
      agents[attempt % agents.length] as http.Agent,
      `http://127.0.0.1:${portal.port}`,
      'POST',
      '/api/login',
      {
        body: { account: `nobody_${attempt}`, password: 'Wrong#Pass1' },
      },
    );
    if (answer.status !== 429) accepted += 1;
  }
  for (const agent of agents) agent.destroy();
  return accepted;
}

async function main() {
  const dir = path.join(path.dirname(defaultDir()), 'scale-out-bench');
  await down({ dir, purge: true });
  console.log(`starting nginx + 2 portal processes + PostgreSQL + s3rver in ${dir} ...`);
  const state = await up({
    dir,
    basePort: 19080,
    // Process 0 runs jobs and is the one killed: its running jobs must be retried, not lost.
    workers: [2, 1],
    env: { CAPTCHA: 'off', LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT), LOG_LEVEL: 'error' },
  });
  const database = new pg.Client({ connectionString: state.postgres.url });
  await database.connect();
  let failed = false;
  try {
    const serials = await seedUsers(database);
    const large = await publishLargeFiles(database, state);
    const small = await catalogue(state.url);
    if (small.length === 0 || serials.length === 0) throw new Error('no versions or serials to load');
    // Half of the downloads take a large file, half one of the seed's.
    const versions = [...small.slice(0, LARGE_FILES * 4), ...Array.from({ length: 4 }, () => large).flat()];
    console.log(
      `${small.length} seeded versions + ${LARGE_FILES} of ${LARGE_FILE_BYTES / 1048576} MiB, ${serials.length} SNs, ${USERS} accounts, ${CLIENTS} clients`,
    );

    // 1 vs 2 processes, same clients, same mix, back to back.
    const first = state.portals[0];
    if (!first) throw new Error('no portal');
    const one = await throughput(`http://127.0.0.1:${first.port}`, COMPARE_SECONDS, versions, serials);
    const two = await throughput(state.url, COMPARE_SECONDS, versions, serials);
    console.log(
      `throughput (${COMPARE_SECONDS} s, ${CLIENTS} clients): 1 process ${one.rps.toFixed(0)} req/s, 2 processes behind nginx ${two.rps.toFixed(0)} req/s (x${(two.rps / one.rps).toFixed(2)})`,
    );

    // The run: load through nginx, SIGKILL process 0 at 1/3, restart it at 2/3.
    const stats = new Stats();
    const clients = await signedInClients(state.url, stats, versions, serials);
    stats.requests = 0;
    stats.latencies = [];
    stats.errors.clear();
    const runStart = new Date();
    const until = Date.now() + SECONDS * 1000;
    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS / 3) * 1000));
      console.log(`t=${Math.round(SECONDS / 3)} s: kill -9 process 0 (pid ${state.portals[0]?.pid})`);
      await stopPortal(state, 0, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, (SECONDS / 3) * 1000));
      console.log(`t=${Math.round((2 * SECONDS) / 3)} s: restart process 0`);
      await startPortal(state, 0);
    })();
    await Promise.all(clients.map((client) => client.run(until)));
    await chaos;
    const elapsed = (Date.now() - runStart.getTime()) / 1000;

    // Tasks: every one submitted must end (SUCCESS or FAILED) and none may have run one attempt twice.
    const ids = stats.tasksSubmitted;
    const deadline = Date.now() + TASK_WAIT_MS;
    let open = ids.length;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { rows } = await database.query<{ n: number }>(
        `select count(*)::int as n from tasks where id = any($1) and status not in ('SUCCESS', 'FAILED')`,
        [ids],
      );
      open = rows[0]?.n ?? 0;
    }
    const { rows: taskRows } = await database.query<{
      id: number;
      status: string;
      log: Array<{ key: string; params: { attempt?: number } }>;
    }>('select id, status, log from tasks where id = any($1)', [ids]);
    const doubleRuns = taskRows.filter((task) => {
      const starts = task.log
        .filter((entry) => entry.key === 'TASK_LOG_STARTED')
        .map((entry) => entry.params.attempt);
      const successes = task.log.filter((entry) => entry.key === 'TASK_LOG_SUCCESS').length;
      return new Set(starts).size !== starts.length || successes > 1;
    }).length;
    const { rows: jobRows } = await database.query<{ n: number }>(
      `select count(*)::int as n from (select data->>'taskId' from pgboss.job where name = 'task.run' and data->>'taskId' = any($1::text[])
        group by 1 having count(*) > 1) duplicated`,
      [ids.map(String)],
    );
    const duplicateJobs = jobRows[0]?.n ?? 0;
    const finished = taskRows.filter((task) => task.status === 'SUCCESS' || task.status === 'FAILED').length;
    const failedTasks = taskRows.filter((task) => task.status === 'FAILED').length;

    // Download records: every range request the clients received whole has its row, completed
    // ('complete') or, when its process was killed before it could say so, 'started'.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { rows: recordRows } = await database.query<{ complete: number; started: number }>(
      `select count(*) filter (where r.status = 'complete')::int as complete,
              count(*) filter (where r.status = 'started')::int as started
         from download_records r join users u on u.id = r.user_id
        where u.account like 'bench\\_%' and r.created_at >= $1`,
      [runStart],
    );
    const records = (recordRows[0]?.complete ?? 0) + (recordRows[0]?.started ?? 0);
    const unconfirmed = recordRows[0]?.started ?? 0;
    const lostRecords = Math.max(0, stats.completedDownloadRequests - records);

    const limitAccepted = await rateLimitAcrossProcesses(state);

    const errorsByKind = [...stats.errors.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
    console.log(
      `run: ${SECONDS} s (${elapsed.toFixed(1)} s with the kill), ${CLIENTS} clients through nginx`,
    );
    console.log(
      `  requests ${stats.requests} (${(stats.requests / elapsed).toFixed(0)} req/s); ops ${[...stats.ops.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    console.log(`  errors by kind (each retried by the client): ${errorsByKind}`);
    console.log(
      `  latency p50 ${stats.percentile(50).toFixed(0)} ms, p95 ${stats.percentile(95).toFixed(0)} ms, p99 ${stats.percentile(99).toFixed(0)} ms`,
    );
    console.log(
      `  downloads verified by SHA-256 ${stats.downloadsVerified} (${(stats.downloadBytes / 1048576).toFixed(1)} MiB), resumed after a cut ${stats.resumedDownloads}, checksum mismatches ${stats.checksumMismatches}`,
    );
    console.log(
      `  download requests completed ${stats.completedDownloadRequests}, records written ${records} (end unconfirmed: ${unconfirmed}), lost ${lostRecords}`,
    );
    console.log(
      `  tasks submitted ${ids.length} (refused: too many open ${stats.tasksRefused}), finished ${finished} (failed ${failedTasks}), stuck ${open}, double-run ${doubleRuns}, duplicate jobs ${duplicateJobs}`,
    );
    console.log(
      `  sign-in limit ${LOGIN_LIMIT}/min from one address across both processes: ${limitAccepted} accepted before 429`,
    );

    const problems = [
      lostRecords > 0 && `${lostRecords} download records lost`,
      open > 0 && `${open} tasks stuck`,
      stats.checksumMismatches > 0 && `${stats.checksumMismatches} checksum mismatches`,
      doubleRuns + duplicateJobs > 0 && `${doubleRuns + duplicateJobs} jobs ran twice`,
      limitAccepted !== LOGIN_LIMIT &&
        `rate limit not shared (${limitAccepted} accepted, limit ${LOGIN_LIMIT})`,
      stats.downloadsVerified === 0 && 'no download completed',
    ].filter(Boolean);
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    failed = problems.length > 0;
    console.log(
      `scale-out: ${stats.requests} requests, ${stats.errorCount()} errors, ${lostRecords} lost records, ${open} stuck tasks, ${stats.checksumMismatches} checksum mismatches`,
    );
  } finally {
    await database.end();
    await down({ dir, purge: !process.argv.includes('--keep') });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
