// The customers of the scale-out and fault benchmarks (bench/scale-out.ts, bench/faults.ts): 200
// clients, each on its own loopback address, signed in as one of 40 copies of the demo customer,
// browsing, looking up SNs, downloading (ranges resumed where they broke off, checked against the
// SHA-256) and submitting tasks through nginx.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { CLUSTER_PASSWORDS } from '../../deploy/local/cluster';
import { type Kind, kindOf, send } from './cluster-request';
import type { Stats } from './load-stats';

/** Accounts the clients share (a user may have 5 open tasks: 200 clients need many users). */
export const USERS = 40;

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

  /**
   * The mix until `stop()` says so; a sign-in that fails keeps the session the client has.
   * `thinkMs`: a person's pause between two steps, drawn from 0 to twice it (0: none, a load test).
   */
  async run(stop: () => boolean, thinkMs = 0) {
    if (!this.token) await this.signIn();
    while (!stop()) {
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
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
