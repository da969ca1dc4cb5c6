import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import tls from 'node:tls';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';
import { type KnownHosts, normaliseFingerprint } from './known-hosts.ts';

/**
 * A Redfish client for one BMC (DMTF DSP0266): HTTPS whose certificate is checked against a CA
 * file, a pinned fingerprint or one trusted on first use; a timeout on every request (a stalled
 * BMC is an error, never a hang); a SessionService session (logged out at the end, always) or
 * Basic auth; reads retried while the BMC resets. Every answer is JSON read with care: BMCs
 * differ, and none of their fields is trusted to exist.
 */

/** How the BMC's certificate is trusted. */
export type BmcTrust =
  /** Verified against these CA certificates (PEM), host name included: `--ca-file`. */
  | { mode: 'ca'; ca: string }
  /** Its SHA-256 fingerprint must be `fingerprint`, else the one pinned in `knownHosts`, else it is pinned now. */
  | { mode: 'pin'; knownHosts: KnownHosts; fingerprint?: string }
  /** Not checked at all: `--insecure`, only when asked. */
  | { mode: 'insecure' };

export type BmcConnection = {
  /** `https://10.0.0.5`, `https://bmc7:8443` (a bare host means https). */
  address: string;
  user: string;
  password: string;
  trust: BmcTrust;
  /** Each request's limit: the whole answer for reads and small writes, silence for uploads. */
  timeoutMs: number;
  /**
   * How long reads are retried while the BMC is gone (refused or reset connections, 503) after
   * it answered once in this session: a BMC that resets comes back in a minute or two.
   */
  resetWaitMs?: number;
  /** Told once when a certificate is pinned at first contact (host, fingerprint). */
  onPinned?: (host: string, fingerprint: string) => void;
  /** All answers of this client together, at most (default MAX_SESSION_ANSWER_BYTES). */
  answerBudgetBytes?: number;
  /**
   * Every request (uploads but) ends within this many ms of the client's creation: a BMC that
   * answers each of a thousand requests just inside the timeout must not hold a run for hours.
   */
  deadlineMs?: number;
};

/** What went wrong with a BMC; `message` is a key of the locale files, shown in the user's language. */
export type RedfishFailure = 'timeout' | 'network' | 'tls' | 'pin' | 'auth' | 'http' | 'answer';

/** The CLI's one error type, with what kind of failure it was and the HTTP status when there was one. */
export class RedfishError extends CliError {
  readonly failure: RedfishFailure;
  readonly status: number | undefined;

  constructor(
    failure: RedfishFailure,
    key: MessageKey,
    params: Record<string, string | number>,
    status?: number,
  ) {
    super(EXIT.unreachable, key, params);
    this.failure = failure;
    this.status = status;
  }
}

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

/** A part of a multipart/form-data body: JSON, or a file streamed from disk. */
export type MultipartPart =
  { name: string; json: unknown } | { name: string; file: string; fileName: string; contentType?: string };

/** Answers bigger than this are refused: a Redfish resource is a few kB, a big collection a few MB. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/**
 * All answers of one client together: a hostile BMC could otherwise list a thousand members of
 * 16 MiB each. A whole audit of a big server reads well under 2 MiB; an update's task polls a few
 * kB each.
 */
export const MAX_SESSION_ANSWER_BYTES = 64 * 1024 * 1024;
/** Members of one collection, at most: a big server's FirmwareInventory has a few hundred. */
export const MAX_MEMBERS = 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RESET_WAIT_MS = 180_000;
const SERVICE_ROOT = '/redfish/v1/';
/** Connection errors a resetting BMC causes: worth retrying a read for. */
const RESET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** `https://host[:port]` of an address as people write it (a bare host is https). */
export function bmcOrigin(address: string): URL {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(EXIT.usage, 'redfish.badAddress', { address });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(EXIT.usage, 'redfish.badAddress', { address });
  // A password in the address would be on the command line and in logs.
  if (url.username || url.password) throw new CliError(EXIT.usage, 'redfish.credentialsInAddress');
  return new URL(url.origin);
}

/** The `@odata.id` of a reference (`{"@odata.id": "/redfish/v1/…"}`), or null when there is none. */
export function odataIdOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as Record<string, unknown>)['@odata.id'];
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** A field of a JSON object, whatever the value is (null for a missing field or a non-object). */
export function fieldOf(value: unknown, ...names: string[]): unknown {
  let current = value;
  for (const name of names) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = Object.hasOwn(current, name) ? (current as Record<string, unknown>)[name] : null;
  }
  return current;
}

/** A string field, trimmed, or null (missing, empty, or not a string). */
export function stringFieldOf(value: unknown, ...names: string[]): string | null {
  const field = fieldOf(value, ...names);
  return typeof field === 'string' && field.trim() ? field.trim() : null;
}

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
  /** Bytes of every answer so far, against `answerBudgetBytes`. */
  private received = 0;
  /** When `deadlineMs` runs out (epoch ms), or never. */
  private readonly deadlineAt: number;

  constructor(options: BmcConnection) {
    this.options = options;
    this.deadlineAt = options.deadlineMs === undefined ? Infinity : Date.now() + options.deadlineMs;
    this.origin = bmcOrigin(options.address);
    this.host = `${this.origin.hostname}:${this.origin.port || (this.origin.protocol === 'https:' ? 443 : 80)}`;
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
          !this.overBudget()
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
    const boundary = `fwportal-${randomUUID()}`;
    const pieces: (Buffer | { file: string; size: number })[] = [];
    for (const part of parts) {
      const name = part.name.replace(/["\r\n]/g, '');
      if ('json' in part) {
        pieces.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(part.json)}\r\n`,
          ),
        );
      } else {
        const fileName = part.fileName.replace(/["\r\n\\]/g, '_');
        pieces.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          { file: part.file, size: (await stat(part.file)).size },
          Buffer.from('\r\n'),
        );
      }
    }
    pieces.push(Buffer.from(`--${boundary}--\r\n`));
    const total = pieces.reduce(
      (sum, piece) => sum + (Buffer.isBuffer(piece) ? piece.length : piece.size),
      0,
    );
    async function* body(): AsyncGenerator<Buffer> {
      let sent = 0;
      for (const piece of pieces) {
        if (Buffer.isBuffer(piece)) {
          sent += piece.length;
          yield piece;
        } else
          for await (const chunk of createReadStream(piece.file, { highWaterMark: 256 * 1024 })) {
            sent += (chunk as Buffer).length;
            yield chunk as Buffer;
            options.onProgress?.(sent, total);
          }
      }
      options.onProgress?.(sent, total);
    }
    return this.send('POST', path, {
      ...options,
      auth: this.auth,
      stream: { body, length: total, contentType: `multipart/form-data; boundary=${boundary}` },
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
      stream?: { body: () => AsyncGenerator<Buffer>; length: number; contentType: string };
      /** A `Location` of another host: an error (default), or no location. */
      foreignLocation?: 'ignore';
    },
  ): Promise<RedfishResponse> {
    const url = this.resolve(path);
    // A BMC that has sent its whole budget is asked nothing more.
    if (this.overBudget()) throw this.budgetError(url.pathname);
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

    const response = await this.exchange(method, url, headers, payload, options.stream?.body);
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

  private deadlineError(): RedfishError {
    return new RedfishError('timeout', 'redfish.deadline', {
      host: this.host,
      seconds: Math.round((this.options.deadlineMs ?? 0) / 1000),
    });
  }

  private overBudget(): boolean {
    return this.received > (this.options.answerBudgetBytes ?? MAX_SESSION_ANSWER_BYTES);
  }

  private budgetError(path: string): RedfishError {
    return new RedfishError('answer', 'redfish.overBudget', {
      host: this.host,
      path,
      mib: Math.round((this.options.answerBudgetBytes ?? MAX_SESSION_ANSWER_BYTES) / 1024 / 1024),
    });
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

  /** One request on a new connection; the timer covers connecting, the TLS check and the whole answer. */
  private exchange(
    method: string,
    url: URL,
    headers: Record<string, string>,
    payload: Buffer | null,
    stream?: () => AsyncGenerator<Buffer>,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
    const left = this.deadlineAt - Date.now();
    if (left <= 0 && !stream) return Promise.reject(this.deadlineError());
    const timeoutMs = stream ? this.options.timeoutMs : Math.min(this.options.timeoutMs, left);
    const overall = timeoutMs < this.options.timeoutMs;
    return new Promise((resolve, reject) => {
      let socket: Duplex | null = null;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        request.destroy();
        socket?.destroy();
        reject(error);
      };
      const timeoutError = () =>
        overall
          ? this.deadlineError()
          : new RedfishError('timeout', 'redfish.timeout', {
              host: this.host,
              path: url.pathname,
              seconds: Math.round(timeoutMs / 100) / 10,
            });
      // Uploads: silence is the limit (req.setTimeout below); everything else: the whole exchange.
      const deadline = setTimeout(() => fail(timeoutError()), stream ? 2 ** 31 - 1 : timeoutMs);
      const request = http.request({
        host: this.origin.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: Number(this.origin.port) || (this.origin.protocol === 'https:' ? 443 : 80),
        method,
        path: url.pathname + url.search,
        headers: { ...headers, host: this.origin.host },
        createConnection:
          this.origin.protocol === 'https:'
            ? (_options: unknown, done: (error: Error | null, socket?: Duplex) => void) => {
                this.connectTls(timeoutMs).then(
                  (secure) => {
                    socket = secure;
                    if (settled) secure.destroy();
                    done(null, secure);
                  },
                  (error: Error) => fail(error),
                );
                return undefined;
              }
            : undefined,
      } as http.RequestOptions);
      request.setTimeout(timeoutMs, () => fail(timeoutError()));
      request.on('error', (error: NodeJS.ErrnoException) => fail(this.networkError(error)));
      request.on('response', (incoming: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          this.received += chunk.length;
          if (size > MAX_ANSWER_BYTES)
            fail(new RedfishError('answer', 'redfish.tooBig', { host: this.host, path: url.pathname }));
          else if (this.overBudget()) fail(this.budgetError(url.pathname));
          else chunks.push(chunk);
        });
        incoming.on('error', (error: NodeJS.ErrnoException) => fail(this.networkError(error)));
        incoming.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });
      if (stream) {
        void (async () => {
          try {
            for await (const chunk of stream()) {
              if (settled) return;
              if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
            }
            request.end();
          } catch (error) {
            fail(error instanceof Error ? error : new Error(String(error)));
          }
        })();
      } else request.end(payload ?? undefined);
    });
  }

  /** A TLS connection whose certificate passed the trust this BMC is given, before a byte is sent. */
  private connectTls(timeoutMs: number): Promise<tls.TLSSocket> {
    const { trust } = this.options;
    const hostname = this.origin.hostname.replace(/^\[(.*)\]$/, '$1');
    return new Promise((resolve, reject) => {
      const socket = tls.connect({
        host: hostname,
        port: Number(this.origin.port) || 443,
        servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
        ca: trust.mode === 'ca' ? trust.ca : undefined,
        // Pins are checked below, on the certificate itself, before the request is written.
        rejectUnauthorized: trust.mode === 'ca',
      });
      socket.setTimeout(timeoutMs, () =>
        socket.destroy(
          new RedfishError('timeout', 'redfish.timeout', {
            host: this.host,
            path: '/',
            seconds: Math.round(timeoutMs / 100) / 10,
          }),
        ),
      );
      socket.once('error', (error: NodeJS.ErrnoException) =>
        reject(error instanceof RedfishError ? error : this.networkError(error)),
      );
      socket.once('secureConnect', () => {
        socket.setTimeout(0);
        void this.checkCertificate(socket).then(
          () => resolve(socket),
          (error: Error) => {
            socket.destroy();
            reject(error);
          },
        );
      });
    });
  }

  private async checkCertificate(socket: tls.TLSSocket): Promise<void> {
    const { trust } = this.options;
    if (trust.mode !== 'pin') return;
    const seen = socket.getPeerCertificate()?.fingerprint256;
    if (!seen) throw new RedfishError('tls', 'redfish.noCertificate', { host: this.host });
    const fingerprint = normaliseFingerprint(seen);
    if (trust.fingerprint !== undefined) {
      if (normaliseFingerprint(trust.fingerprint) !== fingerprint)
        throw new RedfishError('pin', 'redfish.fingerprintMismatch', {
          host: this.host,
          seen: fingerprint,
          pinned: normaliseFingerprint(trust.fingerprint),
          file: trust.knownHosts.file,
        });
      return;
    }
    const check = await trust.knownHosts.check(this.host, fingerprint);
    if (check === 'new') this.options.onPinned?.(this.host, fingerprint);
    if (check === 'mismatch')
      throw new RedfishError('pin', 'redfish.fingerprintMismatch', {
        host: this.host,
        seen: fingerprint,
        pinned: (await trust.knownHosts.pinOf(this.host)) ?? '',
        file: trust.knownHosts.file,
      });
  }

  private networkError(error: NodeJS.ErrnoException): RedfishError {
    if (error instanceof RedfishError) return error;
    const code = error.code ?? '';
    if (/CERT|SELF_SIGNED|ERR_TLS|SSL|UNABLE_TO/.test(code) || /certificate/i.test(error.message))
      return new RedfishError('tls', 'redfish.tlsRefused', {
        host: this.host,
        reason: code || error.message,
      });
    return new RedfishError('network', 'redfish.unreachable', {
      host: this.host,
      reason: code || error.message,
      code,
    });
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

function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : null;
}

function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The Redfish error message (`error.message`, else the first `@Message.ExtendedInfo`), if any. */
export function redfishMessageOf(body: unknown): string {
  const extended = fieldOf(body, 'error', '@Message.ExtendedInfo');
  const first = Array.isArray(extended) ? stringFieldOf(extended[0], 'Message') : null;
  return (first ?? stringFieldOf(body, 'error', 'message') ?? '').slice(0, 300);
}

function httpError(host: string, method: string, path: string, answer: { status: number; body: unknown }) {
  return new RedfishError(
    'http',
    'redfish.httpError',
    { host, method, path, status: answer.status, message: redfishMessageOf(answer.body) || '-' },
    answer.status,
  );
}

/**
 * Requests one BMC is sent at once: a BMC's web server is small (several allow only a handful of
 * connections), and a fleet audit already talks to many BMCs in parallel.
 */
export const PER_BMC_REQUESTS = 4;

/** `work` on every item, at most `limit` at once; results in the items' order. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const backoffMs = (attempt: number) => Math.min(250 * 2 ** attempt, 3000);
