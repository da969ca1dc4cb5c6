import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from './cli-error.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import type { Locale } from './i18n.ts';
import { DEFAULT_PORTAL_TIMEOUT_MS, fetchWithin, PortalTransportError } from './portal-fetch.ts';
import { getStreamed, type StreamedAnswer } from './portal-stream.ts';

/** A 429 is waited out this many times per request at most... */
export const MAX_RATE_LIMIT_RETRIES = 5;
/** ...and only when the portal asks for at most this long (the daily byte quota asks for hours). */
export const MAX_RETRY_AFTER_SECONDS = 120;
/**
 * A 503 with Retry-After (the portal's database or storage is restarting) is waited out this
 * many times per read: about half a minute at the portal's 5 s, a database restart or failover.
 * Only reads (GET) are sent again; a POST's failure is reported, never repeated.
 */
export const MAX_UNAVAILABLE_RETRIES = 6;

/** How a request marked safe to repeat is sent again: for `windowMs` in all, waits doubling from `firstDelayMs`. */
export type RetryPolicy = { windowMs: number; firstDelayMs: number; maxDelayMs: number };
/**
 * A report is retried for about a minute: a portal restart (30 s) or a proxy's 502 while its
 * upstream comes back must not lose an audit's readings.
 */
export const TRANSIENT_RETRY: RetryPolicy = { windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 10_000 };
/** Answers a restarting portal or its proxy gives: the same request may succeed in a moment. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

type Envelope<T> = { success: boolean; code: number; message: string; data: T };

export type PortalClientOptions = {
  url: string;
  token?: string;
  locale: Locale;
  /** Told about each wait on a 429 (stderr). */
  onRateLimited?: (seconds: number) => void;
  /** Told about each wait on a 503 with Retry-After (stderr). */
  onUnavailable?: (seconds: number) => void;
  /** Silence allowed before the headers and between body bytes (DEFAULT_PORTAL_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How requests marked `retryTransient` are sent again (TRANSIENT_RETRY). */
  transientRetry?: RetryPolicy;
  /** Told about each wait before a `retryTransient` request is sent again (stderr). */
  onRetry?: (reason: string, seconds: number) => void;
};

export type RequestOptions = {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the token (default true); the signing key and the login go without. */
  auth?: boolean;
  /** Statuses answered to the caller rather than thrown (the RFC 8628 token endpoint's 400). */
  answers?: number[];
  /**
   * Safe to send again (an inventory report: the same readings stored twice are stored once): a
   * 502, 503 or 504, a refused or reset connection and a timeout are retried with backoff.
   */
  retryTransient?: boolean;
};

/** The portal over HTTP: envelopes unwrapped, errors as CliError with the server's own message. */
export class PortalClient {
  private readonly options: PortalClientOptions;

  constructor(options: PortalClientOptions) {
    this.options = options;
  }

  get url(): string {
    return this.options.url;
  }

  /** The `data` of a JSON envelope. */
  async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.request(path, options);
    const envelope = (await response.json()) as Envelope<T>;
    return envelope.data;
  }

  /** The whole body of a successful answer. */
  async bytes(path: string, options: RequestOptions = {}): Promise<Buffer> {
    const response = await this.request(path, options);
    return Buffer.from(await response.arrayBuffer());
  }

  /** A successful (2xx) answer (or one of `answers`), its body unread; 429 (and a read's 503) waited out, anything else thrown. */
  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(path, this.options.url);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    const headers = this.headersOf(options);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init = {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    };
    const timeoutMs = this.timeoutMs;
    const retry = options.retryTransient ? (this.options.transientRetry ?? TRANSIENT_RETRY) : null;
    const started = Date.now();
    /** The wait before the next try of a request safe to repeat, or null when it must not (or may no longer) be. */
    const transientWait = (attempt: number, retryAfter: number | null): number | null => {
      if (!retry) return null;
      const ms = retryAfter ?? Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** attempt);
      return Date.now() + ms - started <= retry.windowMs ? ms : null;
    };
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchWithin(url, init, timeoutMs);
      } catch (error) {
        const wait =
          error instanceof PortalTransportError && error.transient ? transientWait(attempt, null) : null;
        if (wait === null) throw error;
        await this.waitToRetry((error as PortalTransportError).reason, wait);
        continue;
      }
      if (response.ok || options.answers?.includes(response.status)) return response;
      await this.waitOrThrow(response, attempt, (options.method ?? 'GET') === 'GET', transientWait);
    }
  }

  /**
   * A file's body (GET, 2xx) as a Node stream, over node:http(s) rather than fetch (see
   * getStreamed); 429 and 503 waited out and refusals thrown as `request` does.
   */
  async download(path: string, headers: Record<string, string> = {}): Promise<StreamedAnswer> {
    const url = new URL(path, this.options.url);
    for (let attempt = 0; ; attempt += 1) {
      const answer = await getStreamed(url, this.headersOf({ headers }), this.timeoutMs);
      if (answer.status >= 200 && answer.status < 300) return answer;
      await this.waitOrThrow(await answer.toResponse(), attempt, true, () => null);
    }
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? DEFAULT_PORTAL_TIMEOUT_MS;
  }

  private headersOf(options: Pick<RequestOptions, 'headers' | 'auth'>): Record<string, string> {
    const headers: Record<string, string> = {
      'accept-language': this.options.locale,
      'user-agent': 'fwportal',
      ...options.headers,
    };
    if (options.auth !== false && this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    return headers;
  }

  /** After an answer that is no success: returns once it is time to ask again, else throws it. */
  private async waitOrThrow(
    response: Response,
    attempt: number,
    isRead: boolean,
    transientWait: (attempt: number, retryAfter: number | null) => number | null,
  ): Promise<void> {
    const seconds = retryAfterSeconds(response);
    if (response.status === 429 && seconds !== null && attempt < MAX_RATE_LIMIT_RETRIES) {
      await response.body?.cancel();
      this.options.onRateLimited?.(seconds);
      await sleep(seconds * 1000);
      return;
    }
    if (response.status === 503 && isRead && seconds !== null && attempt < MAX_UNAVAILABLE_RETRIES) {
      await response.body?.cancel();
      this.options.onUnavailable?.(seconds);
      await sleep(seconds * 1000);
      return;
    }
    if (TRANSIENT_STATUSES.has(response.status)) {
      const wait = transientWait(attempt, seconds === null ? null : seconds * 1000);
      if (wait !== null) {
        await response.body?.cancel();
        await this.waitToRetry(`HTTP ${response.status}`, wait);
        return;
      }
    }
    throw await errorOf(response);
  }

  private async waitToRetry(reason: string, ms: number): Promise<void> {
    this.options.onRetry?.(reason, ms / 1000);
    await sleep(ms);
  }
}

/** Retry-After in seconds when it is one we are willing to wait for, else null. */
function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after')?.trim();
  // Number('') and Number(null) are 0: a missing header is not "retry at once".
  if (!header) return null;
  const value = Number(header);
  return Number.isFinite(value) && value >= 0 && value <= MAX_RETRY_AFTER_SECONDS ? Math.ceil(value) : null;
}

function exitCodeOf(status: number): ExitCode {
  return status === 401 || status === 403 ? EXIT.auth : EXIT.error;
}

/** The server's message (already in the user's language) and code; the HTTP status when there is none. */
async function errorOf(response: Response): Promise<CliError> {
  const text = await response.text().catch(() => '');
  let envelope: Partial<Envelope<unknown>> = {};
  try {
    envelope = JSON.parse(text) as Partial<Envelope<unknown>>;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  const exitCode = exitCodeOf(response.status);
  if (typeof envelope.message === 'string' && envelope.message)
    return new CliError(exitCode, 'error.server', {
      message: envelope.message,
      code: envelope.code ?? response.status,
    });
  return new CliError(exitCode, 'error.http', { status: response.status });
}
