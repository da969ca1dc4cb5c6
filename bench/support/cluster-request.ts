import http from 'node:http';

/* One request of the cluster benches' customers (bench/support/load-client.ts), and what went wrong with it. */

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

export function kindOf(answer: Answer): Kind | 'ok' {
  if (answer.status === 503 && isEnvelope(answer)) return 'unavailable';
  if (answer.status === 502 || answer.status === 503 || answer.status === 504) return 'bad-gateway';
  if (answer.status >= 500) return 'server-error';
  if (!answer.complete) return 'truncated';
  return 'ok';
}
