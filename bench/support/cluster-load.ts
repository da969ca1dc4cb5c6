// The customers of the scale-out and fault benchmarks (bench/scale-out.ts, bench/faults.ts): 200
// clients, each on its own loopback address, signed in as one of 40 copies of the demo customer,
// browsing, looking up SNs, downloading (ranges resumed where they broke off, checked against the
// SHA-256) and submitting tasks through nginx; and the checks run after a load: every download
// request's record, every task ended, none run twice.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { CLUSTER_PASSWORDS, type ClusterState } from '../../deploy/local/cluster';
import { S3FileStore } from '../../apps/server/src/lib/file-store/s3-file-store';

/** Accounts the clients share (a user may have 5 open tasks: 200 clients need many users). */
export const USERS = 40;
/** Files large enough that a fault cuts some downloads mid-way (the seed's files are a few kB). */
export const LARGE_FILES = 4;
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;
/** A request answered nothing for this long is given up (counted as a timeout). */
export const REQUEST_TIMEOUT_MS = 30_000;

export type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders; complete: boolean };
/**
 * What went wrong with one attempt: `unavailable` is the portal's 503 envelope (a dependency away),
 * `bad-gateway` nginx's own 502/503/504 (no process answered), `server-error` any other 5xx.
 */
export type Kind =
  'unavailable' | 'bad-gateway' | 'server-error' | 'reset' | 'timeout' | 'truncated' | 'client-error';
export const ERROR_KINDS: Kind[] = [
  'unavailable',
  'bad-gateway',
  'server-error',
  'reset',
  'timeout',
  'truncated',
  'client-error',
];

/** One request as the client saw it (epoch ms, so it lines up with logs and probes). */
export type Attempt = {
  at: number;
  ms: number;
  what: string;
  status: number;
  kind: Kind | 'ok';
  /** A 503 envelope that said when to come back. */
  retryAfter: boolean;
  /** A download request's User-Agent (its record's). */
  tag?: string;
};

/** A download request that got its 206 (so its record was written): tag = its User-Agent. */
export type Transfer = { tag: string; at: number; end: number; complete: boolean };

/** One request over the client's own keep-alive connection (and source address). */
export function send(
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
      timeout: REQUEST_TIMEOUT_MS,
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
      // A body cut off (its process was killed, its store went away): what arrived, marked incomplete.
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

/** The portal's error envelope (nginx's own error pages are HTML). */
function isEnvelope(answer: Answer) {
  try {
    const body = JSON.parse(answer.body.toString()) as { success?: unknown; code?: unknown };
    return body.success === false && typeof body.code === 'number';
  } catch {
    return false;
  }
}

function kindOf(answer: Answer): Kind | 'ok' {
  if (answer.status === 503 && isEnvelope(answer)) return 'unavailable';
  if (answer.status === 502 || answer.status === 503 || answer.status === 504) return 'bad-gateway';
  if (answer.status >= 500) return 'server-error';
  if (!answer.complete) return 'truncated';
  return 'ok';
}

export class Stats {
  requests = 0;
  latencies: number[] = [];
  errors = new Map<Kind, number>();
  ops = new Map<string, number>();
  attempts: Attempt[] = [];
  transfers: Transfer[] = [];
  downloadsVerified = 0;
  downloadBytes = 0;
  checksumMismatches = 0;
  completedDownloadRequests = 0;
  resumedDownloads = 0;
  tasks: Array<{ id: number; at: number }> = [];
  tasksRefused = 0;
  signInsFailed = 0;

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
  /** Forgets the sign-ins before a run. */
  reset() {
    this.requests = 0;
    this.latencies = [];
    this.errors.clear();
    this.attempts = [];
  }
}

export type Version = { versionId: number; fileSize: number; sha256: string };

/** A virtual customer: signs in, then browses, looks up SNs, downloads and submits tasks. */
export class Client {
  private readonly agent: http.Agent;
  private token = '';
  private sent = 0;

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

  /**
   * A request; connection errors and 5xx are retried, and counted. A `tag` goes out as the
   * User-Agent (with the attempt's number), which the download record keeps: the checks find
   * each download request's own row by it.
   */
  private async call(
    what: string,
    method: string,
    url: string,
    options: Parameters<typeof send>[4] & { tag?: string } = {},
    retries = 3,
  ) {
    for (let attempt = 0; ; attempt += 1) {
      const at = Date.now();
      const started = performance.now();
      const tag = options.tag && `${options.tag}.${attempt}`;
      const headers = tag ? { ...options.headers, 'user-agent': tag } : options.headers;
      this.stats.requests += 1;
      let kind: Kind | 'ok';
      try {
        const answer = await send(this.agent, this.base, method, url, {
          token: this.token,
          ...options,
          headers,
        });
        const ms = performance.now() - started;
        this.stats.latencies.push(ms);
        kind = kindOf(answer);
        this.stats.attempts.push({
          at,
          ms,
          what,
          status: answer.status,
          kind,
          retryAfter: answer.headers['retry-after'] !== undefined,
          tag,
        });
        if (tag && answer.status === 206)
          this.stats.transfers.push({ tag, at, end: at + ms, complete: answer.complete });
        if (kind === 'ok') return answer;
        this.stats.error(kind);
        if (kind === 'truncated') return answer;
      } catch (error) {
        const ms = performance.now() - started;
        this.stats.latencies.push(ms);
        kind = (error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? 'timeout' : 'reset';
        this.stats.error(kind);
        this.stats.attempts.push({ at, ms, what, status: 0, kind, retryAfter: false, tag });
      }
      if (attempt >= retries) return null;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  async signIn() {
    const account = `bench_${(this.index % USERS) + 1}`;
    const answer = await this.call('sign-in', 'POST', '/api/login', {
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
      this.sent += 1;
      const answer = await this.call('download', 'GET', `/api/downloads/${version.versionId}`, {
        headers: { range: `bytes=${offset}-${end}` },
        tag: `bench-${this.index}-${this.sent}`,
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
    const at = Date.now();
    const answer = await this.call(
      'task',
      'POST',
      '/api/tasks/mirror',
      { body: { by: 'sn', values: this.pick(this.serials) } },
      0,
    );
    if (!answer) return;
    let body: { data?: { task?: { id: number } } } = {};
    try {
      body = JSON.parse(answer.body.toString()) as typeof body;
    } catch {
      // Not the portal's envelope: counted below.
    }
    if (answer.status === 200 && body.data?.task) this.stats.tasks.push({ id: body.data.task.id, at });
    else if (answer.status === 429 || answer.status === 400 || answer.status === 409)
      this.stats.tasksRefused += 1;
    else this.stats.error('client-error');
  }

  /** The mix until `stop()` says so; a sign-in that fails keeps the session the client has. */
  async run(stop: () => boolean) {
    if (!this.token) await this.signIn();
    while (!stop()) {
      const roll = Math.random();
      let op: string;
      if (roll < 0.3) {
        op = 'getLoginUser';
        await this.call(op, 'GET', '/api/getLoginUser');
      } else if (roll < 0.5) {
        op = 'catalogue list';
        await this.call(op, 'GET', '/api/catalog/versions?pageNo=1&pageSize=20&latest=true');
      } else if (roll < 0.6) {
        op = 'search';
        await this.call(
          op,
          'GET',
          `/api/catalog/versions?pageNo=1&pageSize=20&q=${this.pick(['BMC', 'BIOS', 'CVE', 'raid', 'nic'])}`,
        );
      } else if (roll < 0.72) {
        op = 'SN lookup';
        await this.call(op, 'POST', '/api/catalog/pcie/lookup', {
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
        await this.signIn().catch(() => {
          this.stats.signInsFailed += 1;
        });
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

/** The cluster's object store, as the portal reaches it. */
export function clusterStore(state: ClusterState) {
  return new S3FileStore({
    endpoint: state.env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: state.env.S3_BUCKET ?? 'portal',
    accessKeyId: state.env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: state.env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
  });
}

/** Publishes LARGE_FILES versions of random bytes on a public item, straight into S3 and the database. */
async function publishLargeFiles(client: pg.Client, state: ClusterState): Promise<Version[]> {
  const store = clusterStore(state);
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

/**
 * The accounts, SNs and large files the load needs. Half of the downloads take a large file,
 * half one of the seed's.
 */
export async function prepareLoad(database: pg.Client, state: ClusterState) {
  const serials = await seedUsers(database);
  const large = await publishLargeFiles(database, state);
  const small = await catalogue(state.url);
  if (small.length === 0 || serials.length === 0) throw new Error('no versions or serials to load');
  const versions = [...small.slice(0, LARGE_FILES * 4), ...Array.from({ length: 4 }, () => large).flat()];
  console.log(
    `${small.length} seeded versions + ${LARGE_FILES} of ${LARGE_FILE_BYTES / 1048576} MiB, ${serials.length} SNs, ${USERS} accounts`,
  );
  return { versions, serials };
}

/** `count` clients, each signed in (sign-in hashes a password: it is not what a run should time). */
export async function signedInClients(
  count: number,
  base: string,
  stats: Stats,
  load: { versions: Version[]; serials: string[] },
) {
  const clients = Array.from(
    { length: count },
    (_, index) => new Client(index, base, stats, load.versions, load.serials),
  );
  for (let at = 0; at < clients.length; at += 20)
    await Promise.all(clients.slice(at, at + 20).map((c) => c.signIn()));
  stats.reset();
  return clients;
}

export type TaskEnd = {
  id: number;
  status: string;
  /** One attempt started twice, or two successes. */
  doubleRun: boolean;
  /** More than one pg-boss job carries it. */
  duplicateJob: boolean;
  resultKey: string | null;
  resultSize: number | null;
  endedAt: number | null;
  /** What its log blamed (its first error entry, else its first warning), e.g. TASK_LOG_WORKER_LOST. */
  reason: string | null;
};

/**
 * Waits up to `waitMs` for every task to end (SUCCESS or FAILED), then reads how each ended and
 * whether any ran twice.
 */
export async function waitForTasks(database: pg.Client, ids: number[], waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (let open = ids.length; open > 0 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows } = await database.query<{ n: number }>(
      `select count(*)::int as n from tasks where id = any($1) and status not in ('SUCCESS', 'FAILED')`,
      [ids],
    );
    open = rows[0]?.n ?? 0;
  }
  const { rows } = await database.query<{
    id: number;
    status: string;
    log: Array<{ key: string; level: string; params: { attempt?: number } }>;
    result_key: string | null;
    result_size: string | null;
    ended_at: Date | null;
  }>('select id, status, log, result_key, result_size, ended_at from tasks where id = any($1)', [ids]);
  const { rows: duplicated } = await database.query<{ id: string }>(
    `select data->>'taskId' as id from pgboss.job where name = 'task.run' and data->>'taskId' = any($1::text[])
      group by 1 having count(*) > 1`,
    [ids.map(String)],
  );
  const twoJobs = new Set(duplicated.map((row) => Number(row.id)));
  return new Map<number, TaskEnd>(
    rows.map((task) => {
      const starts = task.log
        .filter((entry) => entry.key === 'TASK_LOG_STARTED')
        .map((entry) => entry.params.attempt);
      const successes = task.log.filter((entry) => entry.key === 'TASK_LOG_SUCCESS').length;
      return [
        task.id,
        {
          id: task.id,
          status: task.status,
          doubleRun: new Set(starts).size !== starts.length || successes > 1,
          duplicateJob: twoJobs.has(task.id),
          resultKey: task.result_key,
          resultSize: task.result_size === null ? null : Number(task.result_size),
          endedAt: task.ended_at?.getTime() ?? null,
          reason:
            (
              task.log.find((entry) => entry.level === 'error') ??
              task.log.find((entry) => entry.level === 'warn')
            )?.key ?? null,
        },
      ];
    }),
  );
}

/**
 * The record of every download request that got its 206, found by its User-Agent: `missing`
 * have none, `started` are still 'started' (nobody confirmed their end); `rows` counts them all.
 */
export async function downloadRecords(database: pg.Client, transfers: Transfer[], since: Date) {
  const { rows } = await database.query<{ tag: string; status: string }>(
    `select r.user_agent as tag, r.status from download_records r join users u on u.id = r.user_id
      where u.account like 'bench\\_%' and r.created_at >= $1`,
    [since],
  );
  const status = new Map(rows.map((row) => [row.tag, row.status]));
  const tags = new Set(transfers.map((transfer) => transfer.tag));
  return {
    rows: rows.length,
    missing: transfers.filter((transfer) => !status.has(transfer.tag)),
    started: transfers.filter((transfer) => status.get(transfer.tag) === 'started'),
    /** Tags of rows left 'started' by requests that never got their 206 (failed after the row was written). */
    orphans: rows.filter((row) => row.status === 'started' && !tags.has(row.tag)).map((row) => row.tag),
  };
}
