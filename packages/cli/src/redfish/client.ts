import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mapLimited } from '../lib/map-limited.ts';
import { AnswerBudget } from './answer-budget.ts';
import { type BmcConnection, bmcOrigin } from './bmc-connection.ts';
import { exchange, type ExchangeTarget } from './exchange.ts';
import { type MultipartPart, multipartBody, type StreamedBody } from './multipart.ts';
import { fieldOf, headerOf, odataIdOf, parseJson } from './odata.ts';
import { httpError, RedfishError } from './redfish-error.ts';

/**
 * A Redfish client for one BMC (DMTF DSP0266): HTTPS whose certificate is checked against a CA
 * file, a pinned fingerprint or one trusted on first use (tls-transport.ts); a timeout on every
 * request (a stalled BMC is an error, never a hang: exchange.ts); a SessionService session
 * (logged out at the end, always) or Basic auth; reads retried while the BMC resets. Every answer
 * is JSON read with care (odata.ts): BMCs differ, and none of their fields is trusted to exist.
 */

export type RedfishResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  body: unknown;
  /** `Location`, resolved against the BMC (task monitors, new sessions). */
  location: string | null;
};

export type RequestOptions = {
  /** Statuses answered to the caller rather than thrown. */
  answers?: number[];
  headers?: Record<string, string>;
};

/** Members of one collection, at most: a big server's FirmwareInventory has a few hundred. */
export const MAX_MEMBERS = 1024;
export const DEFAULT_RESET_WAIT_MS = 180_000;
const SERVICE_ROOT = '/redfish/v1/';
/** Connection errors a resetting BMC causes: worth retrying a read for. */
const RESET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * Requests one BMC is sent at once: a BMC's web server is small (several allow only a handful of
 * connections), and a fleet audit already talks to many BMCs in parallel.
 */
export const PER_BMC_REQUESTS = 4;
const backoffMs = (attempt: number) => Math.min(250 * 2 ** attempt, 3000);

type Auth = { kind: 'none' } | { kind: 'basic' } | { kind: 'session'; token: string; uri: string | null };

/** One BMC. `open()` signs in, `close()` signs out; `withBmc` does both around a function. */
export class RedfishClient {
  readonly origin: URL;
  /** `host:port`, as pinned and as shown in messages. */
  readonly host: string;
  private readonly options: BmcConnection;
  private auth: Auth = { kind: 'none' };
  private serviceRoot: unknown = null;
  private answeredOnce = false;
  /** Where requests go, with the timeouts, deadline and answer budget they share. */
  private readonly target: ExchangeTarget;

  constructor(options: BmcConnection) {
    this.options = options;
    this.origin = bmcOrigin(options.address);
    this.host = `${this.origin.hostname}:${this.origin.port || (this.origin.protocol === 'https:' ? 443 : 80)}`;
    this.target = {
      origin: this.origin,
      host: this.host,
      trust: options.trust,
      onPinned: options.onPinned,
      timeoutMs: options.timeoutMs,
      deadlineAt: options.deadlineMs === undefined ? Infinity : Date.now() + options.deadlineMs,
      deadlineMs: options.deadlineMs,
      budget: new AnswerBudget(this.host, options.answerBudgetBytes),
    };
  }

  /** `basic` when the BMC has no SessionService; null before `open()`. */
  get authKind(): 'session' | 'basic' | null {
    return this.auth.kind === 'none' ? null : this.auth.kind;
  }

  /** The service root read at `open()`. */
  get root(): unknown {
    return this.serviceRoot;
  }

  /**
   * Reads the service root and signs in: a session (POST SessionService/Sessions, X-Auth-Token)
   * when the BMC has a SessionService, else Basic auth on every request.
   */
  async open(): Promise<void> {
    this.serviceRoot = (await this.get(SERVICE_ROOT)).body;
    const sessions =
      odataIdOf(fieldOf(this.serviceRoot, 'Links', 'Sessions')) ??
      (odataIdOf(fieldOf(this.serviceRoot, 'SessionService')) ? '/redfish/v1/SessionService/Sessions' : null);
    if (sessions) {
      const created = await this.login(sessions);
      if (created) return;
    }
    this.auth = { kind: 'basic' };
    // Basic credentials are checked by the first request that needs them: check them now.
    await this.get(odataIdOf(fieldOf(this.serviceRoot, 'Systems')) ?? '/redfish/v1/Systems', {
      answers: [404],
    });
  }

  /** Logs the session out (DELETE); never throws: it runs in `finally` blocks. */
  async close(): Promise<void> {
    const auth = this.auth;
    this.auth = { kind: 'none' };
    if (auth.kind !== 'session' || !auth.uri) return;
    await this.send('DELETE', auth.uri, { auth, answers: [404, 401] }).catch(() => undefined);
  }

  private async login(sessions: string): Promise<boolean> {
    const response = await this.send('POST', sessions, {
      json: { UserName: this.options.user, Password: this.options.password },
      auth: { kind: 'none' },
      answers: [400, 401, 403, 404, 405, 501],
      // A session URI on another host (a BMC naming itself by another name) is not used, and the
      // session not refused for it: it is logged out at its @odata.id when that is this BMC's.
      foreignLocation: 'ignore',
    });
    if (response.status === 404 || response.status === 405 || response.status === 501) return false;
    if (response.status === 401 || response.status === 403 || response.status === 400)
      throw new RedfishError('auth', 'redfish.authRefused', { host: this.host }, response.status);
    const token = headerOf(response.headers, 'x-auth-token');
    if (!token) throw new RedfishError('answer', 'redfish.noSessionToken', { host: this.host });
    this.auth = { kind: 'session', token, uri: response.location ?? odataIdOf(response.body) };
    return true;
  }

  /** GET, JSON answer; retried while the BMC resets; a lost session is opened again once. */
  async get(path: string, options: RequestOptions = {}): Promise<RedfishResponse> {
    return this.read('GET', path, options);
  }

  /** GET of a reference (`{"@odata.id": …}`), null when the value is no reference. */
  async follow(reference: unknown): Promise<RedfishResponse | null> {
    const id = odataIdOf(reference);
    return id ? this.get(id) : null;
  }

  /**
   * The members of a collection, each read: from its `Members` array (never from
   * `Members@odata.count`, which BMCs get wrong), following `Members@odata.nextLink` pages.
   * A member that cannot be read is given as an error, not thrown: one broken entry must not
   * hide the others.
   */
  async members(collection: string): Promise<{ id: string; body: unknown; error?: RedfishError }[]> {
    const ids = new Set<string>();
    let next: string | null = collection;
    for (let page = 0; next && page < 100; page += 1) {
      const body = (await this.get(next)).body;
      const list = fieldOf(body, 'Members');
      if (Array.isArray(list))
        for (const member of list) {
          const id = odataIdOf(member);
          if (id) ids.add(id);
          // Thousands of members would be thousands of reads: refused before the first.
          if (ids.size > MAX_MEMBERS)
            throw new RedfishError('answer', 'redfish.tooManyMembers', {
              host: this.host,
              path: collection,
              max: MAX_MEMBERS,
            });
        }
      const nextLink = fieldOf(body, 'Members@odata.nextLink');
      next = typeof nextLink === 'string' && nextLink ? nextLink : null;
    }
    return mapLimited([...ids], PER_BMC_REQUESTS, async (id) => {
      try {
        return { id, body: (await this.get(id)).body };
      } catch (error) {
        if (
          error instanceof RedfishError &&
          (error.failure === 'http' || error.failure === 'answer') &&
          !this.target.budget.spent
        )
          return { id, body: null, error };
        throw error;
      }
    });
  }

  /** POST a JSON body (never retried: it may not be idempotent). */
  async post(path: string, json: unknown, options: RequestOptions = {}): Promise<RedfishResponse> {
    return this.send('POST', path, { ...options, json, auth: this.auth });
  }

  /** PATCH a JSON body. */
  async patch(path: string, json: unknown, options: RequestOptions = {}): Promise<RedfishResponse> {
    return this.send('PATCH', path, { ...options, json, auth: this.auth });
  }

  async delete(path: string, options: RequestOptions = {}): Promise<RedfishResponse> {
    return this.send('DELETE', path, { ...options, auth: this.auth });
  }

  /**
   * POST multipart/form-data (a MultipartHttpPushUri push), files streamed from disk with a
   * Content-Length (BMCs often refuse chunked uploads). The timeout is one of silence: a big
   * image over a slow link takes as long as it takes while bytes move.
   */
  async postMultipart(
    path: string,
    parts: MultipartPart[],
    options: RequestOptions & { onProgress?: (sent: number, total: number) => void } = {},
  ): Promise<RedfishResponse> {
    const stream = await multipartBody(parts, options.onProgress);
    return this.send('POST', path, {
      ...options,
      auth: this.auth,
      stream,
    });
  }

  private async read(method: 'GET', path: string, options: RequestOptions): Promise<RedfishResponse> {
    const resetWaitMs = this.options.resetWaitMs ?? DEFAULT_RESET_WAIT_MS;
    const started = Date.now();
    let relogged = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await this.send(method, path, {
          ...options,
          auth: this.auth,
          answers: [...(options.answers ?? []), 401, 503],
        });
        if (response.status === 401 && !options.answers?.includes(401)) {
          // The BMC forgot the session (it reset): sign in again, once.
          if (this.auth.kind === 'session' && !relogged) {
            relogged = true;
            const sessions = odataIdOf(fieldOf(this.serviceRoot, 'Links', 'Sessions'));
            if (sessions && (await this.login(sessions))) continue;
          }
          throw new RedfishError('auth', 'redfish.authRefused', { host: this.host }, 401);
        }
        if (response.status === 503 && !options.answers?.includes(503)) {
          if (this.answeredOnce && Date.now() - started < resetWaitMs) {
            await sleep(backoffMs(attempt));
            continue;
          }
          throw httpError(this.host, method, path, response);
        }
        return response;
      } catch (error) {
        const gone =
          error instanceof RedfishError &&
          error.failure === 'network' &&
          RESET_CODES.has(String(error.params.code));
        if (gone && this.answeredOnce && Date.now() - started < resetWaitMs) {
          await sleep(backoffMs(attempt));
          continue;
        }
        throw error;
      }
    }
  }

  private async send(
    method: string,
    path: string,
    options: RequestOptions & {
      auth: Auth;
      json?: unknown;
      stream?: StreamedBody;
      /** A `Location` of another host: an error (default), or no location. */
      foreignLocation?: 'ignore';
    },
  ): Promise<RedfishResponse> {
    const url = this.resolve(path);
    // A BMC that has sent its whole budget is asked nothing more.
    if (this.target.budget.spent) throw this.target.budget.error(url.pathname);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'fwportal',
      'odata-version': '4.0',
      connection: 'close',
      ...options.headers,
    };
    if (options.auth.kind === 'session') headers['x-auth-token'] = options.auth.token;
    if (options.auth.kind === 'basic')
      headers.authorization = `Basic ${Buffer.from(`${this.options.user}:${this.options.password}`).toString('base64')}`;
    let payload: Buffer | null = null;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (options.stream) headers['content-type'] = options.stream.contentType;
    const length = payload?.length ?? options.stream?.length ?? (method === 'GET' ? undefined : 0);
    if (length !== undefined) headers['content-length'] = String(length);

    const response = await exchange(this.target, method, url, headers, payload, options.stream?.body);
    this.answeredOnce = true;
    const location = headerOf(response.headers, 'location');
    let resolved: string | null = null;
    try {
      const url = location ? this.resolve(location) : null;
      resolved = url ? url.pathname + url.search : null;
    } catch (error) {
      if (options.foreignLocation !== 'ignore') throw error;
    }
    const answer: RedfishResponse = {
      status: response.status,
      headers: response.headers,
      body: parseJson(response.text),
      location: resolved,
    };
    if ((response.status >= 200 && response.status < 300) || options.answers?.includes(response.status))
      return answer;
    if (response.status === 401 || response.status === 403)
      throw new RedfishError('auth', 'redfish.authRefused', { host: this.host }, response.status);
    throw httpError(this.host, method, url.pathname, answer);
  }

  /** A path or URL of this BMC; a reference elsewhere is refused (credentials go nowhere else). */
  private resolve(path: string): URL {
    let url: URL;
    try {
      url = new URL(path, this.origin);
    } catch {
      throw new RedfishError('answer', 'redfish.badReference', { host: this.host, reference: path });
    }
    if (url.origin !== this.origin.origin)
      throw new RedfishError('answer', 'redfish.foreignReference', { host: this.host, reference: path });
    return url;
  }
}

/**
 * Opens a client, runs `work` and always closes it (the session is logged out whatever
 * happened: BMCs allow only a few sessions, and leaked ones lock the next run out).
 */
export async function withBmc<T>(
  options: BmcConnection,
  work: (client: RedfishClient) => Promise<T>,
): Promise<T> {
  const client = new RedfishClient(options);
  try {
    await client.open();
    return await work(client);
  } finally {
    await client.close();
  }
}
