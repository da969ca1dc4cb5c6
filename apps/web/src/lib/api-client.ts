import { ACCESS_VERSION_HEADER, API_TIMEOUT_MS, type Envelope } from '@portal/contract';
import * as z from 'zod/mini';
import { noteAccessVersion, parseAccessVersion } from './access-version';
import { ApiError, ClientErrorCode } from './api-error';
import { reactToFailure } from './api-failure-reactions';
import { composeApiUrl, takeEarlyGet } from './early-get';
import { getCurrentLocale, i18n } from './i18n';
import { getAccessToken } from './session';

export { API_BASE } from './early-get';

/** A successful answer where no data is expected (only failures are unwrapped). */
const nothing = z.unknown();

/**
 * The envelope of every answer, checked with zod/mini rather than the contract's
 * errorEnvelopeSchema: the sign-in page loads this client, and the contract's (classic) zod
 * schemas would bring all of zod with them. Tied to the contract's Envelope type.
 */
const envelopeSchema = z.object({
  success: z.boolean(),
  code: z.int(),
  message: z.string(),
  data: z.nullable(z.unknown()),
}) satisfies z.ZodMiniType<Envelope<unknown>>;

/**
 * What a call validates the envelope's data with: any zod schema, classic (the contract's) or
 * mini (the sign-in page's own calls).
 */
export type ResponseSchema = z.core.$ZodType;

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send no bearer token, e.g. sign-in and public configuration. */
  anonymous?: boolean;
  /** The caller shows failures itself (the sign-in form): no global toast or notification. */
  quiet?: boolean;
  /** Let the request outlive the page (a last save while the tab closes or reloads). */
  keepalive?: boolean;
  /** This call loads the signed-in user (its menus): see lib/access-version.ts. */
  loadsUser?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface RawAnswer {
  status: number;
  ok: boolean;
  text: string;
  /** Seconds from a `Retry-After` header (429 answers), when the server sent one. */
  retryAfterSeconds?: number;
  /** The body of a successful answer read as bytes (file downloads), instead of `text`. */
  blob?: Blob;
  /** The access version of a signed-in answer (ACCESS_VERSION_HEADER). */
  accessVersion?: number;
}

/** The server translates its messages, so every call says which language the user reads. */
export function buildApiUrl(path: string, query: RequestOptions['query'] = {}): string {
  return composeApiUrl(path, query, getCurrentLocale());
}

const backendUnavailable = (code: number, status = 0) =>
  new ApiError({ code, status, message: i18n.t('errors:api.backendUnavailable') });

/** Performs the exchange, body included, within API_TIMEOUT_MS. */
async function exchange(
  url: string,
  init: RequestInit,
  callerSignal?: AbortSignal,
  asBlob = false,
): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await (earlyAnswer(url, init, controller.signal) ??
      fetch(url, { ...init, signal: controller.signal }));
    const accessVersion = parseAccessVersion(response.headers.get(ACCESS_VERSION_HEADER));
    // A failed download still answers with the JSON envelope, read as text below.
    if (asBlob && response.ok)
      return { status: response.status, ok: true, text: '', blob: await response.blob(), accessVersion };
    return {
      status: response.status,
      ok: response.ok,
      text: await response.text(),
      retryAfterSeconds: retryAfterOf(response.headers),
      accessVersion,
    };
  } catch {
    if (timedOut) throw backendUnavailable(ClientErrorCode.TIMEOUT);
    if (callerSignal?.aborted) throw new ApiError({ code: ClientErrorCode.ABORTED, status: 0, message: '' });
    throw backendUnavailable(ClientErrorCode.NETWORK);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The answer app/early-loads.ts asked for before this code had loaded, for an anonymous GET of
 * the same address (lib/early-get.ts); it rejects when `signal` aborts (timeout, caller).
 */
function earlyAnswer(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> | undefined {
  if (init.method !== 'GET' || new Headers(init.headers).has('Authorization')) return undefined;
  const answer = takeEarlyGet(url);
  if (!answer) return undefined;
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/** Our server sends Retry-After in seconds; an HTTP date (proxies) is read too. */
function retryAfterOf(headers: Headers): number | undefined {
  const value = headers.get('Retry-After');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** Unwraps `{success, code, message, data}`; resolves with data validated by `schema`. */
function unwrap<S extends ResponseSchema>(answer: RawAnswer, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw backendUnavailable(ClientErrorCode.NOT_AN_ENVELOPE, answer.status);
  }
  const envelope = z.safeParse(envelopeSchema, json);
  if (!envelope.success) throw backendUnavailable(ClientErrorCode.NOT_AN_ENVELOPE, answer.status);
  const { success, code, message, data } = envelope.data;
  if (!answer.ok || !success) {
    const { retryAfterSeconds } = answer;
    throw new ApiError({ code, message, status: answer.status, data, retryAfterSeconds });
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    throw new ApiError({
      code: ClientErrorCode.SCHEMA_MISMATCH,
      status: answer.status,
      message: i18n.t('errors:api.badResponse'),
    });
  }
  return parsed.data;
}

/** Headers and body of a call: bearer token, language, JSON, multipart (FormData) or file (Blob) body. */
function buildInit(method: Method, options: RequestOptions): { init: RequestInit; token?: string } {
  const token = options.anonymous ? undefined : getAccessToken();
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getCurrentLocale() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.keepalive) init.keepalive = true;
  if (options.body instanceof FormData) {
    // fetch sets the multipart Content-Type with its boundary itself.
    init.body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as it is (an inventory CSV as text/csv): its own type is the Content-Type.
    if (options.body.type) headers.set('Content-Type', options.body.type);
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  return { init, token };
}

/** Runs the app-wide reactions once and rethrows as ApiError. */
function fail(error: unknown, token: string | undefined, options: RequestOptions): never {
  // Everything above throws ApiError already; the fallback keeps the promise's error type honest.
  const apiError = error instanceof ApiError ? error : backendUnavailable(ClientErrorCode.NETWORK);
  reactToFailure(apiError, { sentToken: token, quiet: options.quiet === true });
  throw apiError;
}

/**
 * Calls `${API_BASE}${path}` and returns the envelope's data parsed by `schema`.
 * Every failure rejects with ApiError; the app-wide reactions (session end, toasts) have
 * already happened by then, so callers only handle what is specific to them.
 */
export async function apiRequest<S extends ResponseSchema>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { init, token } = buildInit(method, options);
  try {
    const answer = await exchange(buildApiUrl(path, options.query), init, options.signal);
    const loadsUser = options.loadsUser === true;
    // Any answer, a refusal too, may say that staff changed the user's menus; the user's own
    // load counts once it has been read.
    if (!loadsUser) noteAccessVersion(answer.accessVersion, false);
    const data = unwrap(answer, schema);
    if (loadsUser) noteAccessVersion(answer.accessVersion, true);
    return data;
  } catch (error) {
    return fail(error, token, options);
  }
}

/**
 * GETs a file (e.g. an image that needs the bearer header, so no plain <img src>); failures
 * answer with the envelope and reject like every other call.
 */
export async function apiBlob(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  const { init, token } = buildInit('GET', options);
  try {
    const answer = await exchange(buildApiUrl(path, options.query), init, options.signal, true);
    noteAccessVersion(answer.accessVersion, false);
    if (answer.blob) return answer.blob;
    unwrap(answer, nothing);
    throw backendUnavailable(ClientErrorCode.NOT_AN_ENVELOPE, answer.status);
  } catch (error) {
    return fail(error, token, options);
  }
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** POST unless the route replaces what it names (an SBOM: PUT). */
  method?: 'POST' | 'PUT';
  /** Called as the request body goes out: bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * POSTs (or PUTs) a multipart form with upload progress (XMLHttpRequest: fetch reports none) and without
 * the API timeout, since a firmware archive of several GiB takes as long as it takes. Answers and
 * failures are read exactly like {@link apiRequest}'s.
 */
export async function apiUpload<S extends ResponseSchema>(
  path: string,
  form: FormData,
  schema: S,
  options: UploadOptions = {},
): Promise<z.output<S>> {
  const token = getAccessToken();
  try {
    const answer = await new Promise<RawAnswer>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(options.method ?? 'POST', buildApiUrl(path));
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('Accept-Language', getCurrentLocale());
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
      request.onload = () =>
        resolve({
          status: request.status,
          ok: request.status < 400,
          text: request.responseText,
          accessVersion: parseAccessVersion(request.getResponseHeader(ACCESS_VERSION_HEADER)),
        });
      request.onerror = () => reject(backendUnavailable(ClientErrorCode.NETWORK));
      request.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
      options.signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(form);
    });
    noteAccessVersion(answer.accessVersion, false);
    return unwrap(answer, schema);
  } catch (error) {
    // A cancelled upload is the user's choice, not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail(error, token, { quiet: true });
  }
}

export const apiClient = {
  get: <S extends ResponseSchema>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('GET', path, schema, options),
  post: <S extends ResponseSchema>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    apiRequest('POST', path, schema, { ...options, body }),
  put: <S extends ResponseSchema>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    apiRequest('PUT', path, schema, { ...options, body }),
  delete: <S extends ResponseSchema>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('DELETE', path, schema, options),
  blob: apiBlob,
  upload: apiUpload,
};
