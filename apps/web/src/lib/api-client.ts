import { API_TIMEOUT_MS, errorEnvelopeSchema } from '@portal/contract';
import type { z } from 'zod';
import { ApiError, ClientErrorCode } from './api-error';
import { reactToFailure } from './api-failure-reactions';
import { getCurrentLocale, i18n } from './i18n';
import { getAccessToken } from './session';

export const API_BASE = '/api';

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send no bearer token, e.g. sign-in and public configuration. */
  anonymous?: boolean;
  /** The caller shows failures itself (the sign-in form): no global toast or notification. */
  quiet?: boolean;
}

type Method = 'GET' | 'POST';
interface RawAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/** The server translates its messages, so every call says which language the user reads. */
export function buildApiUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  params.set('locale', getCurrentLocale());
  return `${API_BASE}${path}?${params}`;
}

const backendUnavailable = (code: number, status = 0) =>
  new ApiError({ code, status, message: i18n.t('errors:api.backendUnavailable') });

/** Performs the exchange, body included, within API_TIMEOUT_MS. */
async function exchange(url: string, init: RequestInit, callerSignal?: AbortSignal): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch {
    if (timedOut) throw backendUnavailable(ClientErrorCode.TIMEOUT);
    if (callerSignal?.aborted) throw new ApiError({ code: ClientErrorCode.ABORTED, status: 0, message: '' });
    throw backendUnavailable(ClientErrorCode.NETWORK);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/** Unwraps `{success, code, message, data}`; resolves with data validated by `schema`. */
function unwrap<S extends z.ZodType>(answer: RawAnswer, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw backendUnavailable(ClientErrorCode.NOT_AN_ENVELOPE, answer.status);
  }
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw backendUnavailable(ClientErrorCode.NOT_AN_ENVELOPE, answer.status);
  const { success, code, message, data } = envelope.data;
  if (!answer.ok || !success) throw new ApiError({ code, message, status: answer.status, data });
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      code: ClientErrorCode.SCHEMA_MISMATCH,
      status: answer.status,
      message: i18n.t('errors:api.badResponse'),
    });
  }
  return parsed.data;
}

/**
 * Calls `${API_BASE}${path}` and returns the envelope's data parsed by `schema`.
 * Every failure rejects with ApiError; the app-wide reactions (session end, toasts) have
 * already happened by then, so callers only handle what is specific to them.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const token = options.anonymous ? undefined : getAccessToken();
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getCurrentLocale() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);

  try {
    return unwrap(await exchange(buildApiUrl(path, options.query), init, options.signal), schema);
  } catch (error) {
    // Everything above throws ApiError already; the fallback keeps the promise's error type honest.
    const apiError = error instanceof ApiError ? error : backendUnavailable(ClientErrorCode.NETWORK);
    reactToFailure(apiError, { sentToken: token, quiet: options.quiet === true });
    throw apiError;
  }
}

export const apiClient = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    apiRequest('POST', path, schema, { ...options, body }),
};
