import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';

/** The portal may stay silent this long: before its answer's headers, and between two bytes of a body. */
export const DEFAULT_PORTAL_TIMEOUT_MS = 30_000;

/**
 * Network failures after which the same request may well succeed: the portal restarting (refused),
 * dropping the connection (reset, closed by the other side) or silent past the timeout.
 */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The portal could not be reached or fell silent; `transient` when sending the request again may succeed. */
export class PortalTransportError extends CliError {
  /** ECONNREFUSED, ECONNRESET, … or `timeout`: said in the retry notice. */
  readonly reason: string;
  readonly transient: boolean;

  constructor(
    key: 'error.network' | 'error.portalTimeout' | 'error.portalStalled' | 'error.answerBroken',
    url: URL,
    reason: string,
    timeoutMs: number,
  ) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    super(
      EXIT.error,
      key,
      key === 'error.network' || key === 'error.answerBroken'
        ? { url: url.origin, reason }
        : { url: url.origin, seconds },
    );
    this.reason = reason;
    this.transient = key !== 'error.network' || TRANSIENT_CODES.has(reason);
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Statuses whose answers have no body by definition (a Response refuses to be built with one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch with the portal's silence limit: undici alone waits 300 s for headers and 300 s between
 * body bytes, so a portal that accepts and never answers would hold `audit` or `update` for
 * minutes per request. The body is watched byte by byte, not as a whole: a big download at a slow
 * but steady pace runs as long as it needs.
 */
export async function fetchWithin(url: URL, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  // Set by the timer: what a failing fetch or read is reported as, rather than undici's AbortError.
  const state: { silence: PortalTransportError | null } = { silence: null };
  const watch = (key: 'error.portalTimeout' | 'error.portalStalled') =>
    setTimeout(() => {
      state.silence = new PortalTransportError(key, url, 'timeout', timeoutMs);
      controller.abort(state.silence);
    }, timeoutMs);
  let timer = watch('error.portalTimeout');
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    throw state.silence ?? new PortalTransportError('error.network', url, reasonOf(error), timeoutMs);
  } finally {
    clearTimeout(timer);
  }
  const body = response.body;
  if (!body || NULL_BODY_STATUSES.has(response.status)) return response;
  const reader = body.getReader();
  const watched = new ReadableStream<Uint8Array>({
    async pull(stream) {
      timer = watch('error.portalStalled');
      try {
        const { done, value } = await reader.read();
        if (done) stream.close();
        else stream.enqueue(value);
      } catch (error) {
        // The connection closed mid-body, or the body could not be decoded (a gzip stream changed
        // on its way): said in words, where undici says "terminated".
        stream.error(
          state.silence ?? new PortalTransportError('error.answerBroken', url, reasonOf(error), timeoutMs),
        );
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(watched, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
