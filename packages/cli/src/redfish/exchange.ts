import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type AnswerBudget, MAX_ANSWER_BYTES } from './answer-budget.ts';
import type { StreamedBody } from './multipart.ts';
import { networkError, RedfishError, timeoutError } from './redfish-error.ts';
import { connectTls, type TlsTarget } from './tls-transport.ts';

/** A BMC's answer as it came: status, headers and the body as text. */
export type RawAnswer = { status: number; headers: IncomingHttpHeaders; text: string };

/** Where one request goes and the limits it runs under. */
export type ExchangeTarget = TlsTarget & {
  /** Each request's limit: the whole answer for reads and small writes, silence for uploads. */
  timeoutMs: number;
  /** When every request (uploads but) must have ended (epoch ms), or Infinity. */
  deadlineAt: number;
  /** The whole deadline, as told in its error. */
  deadlineMs?: number;
  budget: AnswerBudget;
};

export function deadlineError(target: Pick<ExchangeTarget, 'host' | 'deadlineMs'>): RedfishError {
  return new RedfishError('timeout', 'redfish.deadline', {
    host: target.host,
    seconds: Math.round((target.deadlineMs ?? 0) / 1000),
  });
}

/** One request on a new connection; the timer covers connecting, the TLS check and the whole answer. */
export function exchange(
  target: ExchangeTarget,
  method: string,
  url: URL,
  headers: Record<string, string>,
  payload: Buffer | null,
  stream?: StreamedBody['body'],
): Promise<RawAnswer> {
  const { origin, host, budget } = target;
  const left = target.deadlineAt - Date.now();
  if (left <= 0 && !stream) return Promise.reject(deadlineError(target));
  const timeoutMs = stream ? target.timeoutMs : Math.min(target.timeoutMs, left);
  const overall = timeoutMs < target.timeoutMs;
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
    const timedOut = () => (overall ? deadlineError(target) : timeoutError(host, url.pathname, timeoutMs));
    // Uploads: silence is the limit (req.setTimeout below); everything else: the whole exchange.
    const deadline = setTimeout(() => fail(timedOut()), stream ? 2 ** 31 - 1 : timeoutMs);
    const request = http.request({
      host: origin.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80),
      method,
      path: url.pathname + url.search,
      headers: { ...headers, host: origin.host },
      createConnection:
        origin.protocol === 'https:'
          ? (_options: unknown, done: (error: Error | null, socket?: Duplex) => void) => {
              connectTls(target, timeoutMs).then(
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
    request.setTimeout(timeoutMs, () => fail(timedOut()));
    request.on('error', (error: NodeJS.ErrnoException) => fail(networkError(host, error)));
    request.on('response', (incoming: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        budget.add(chunk.length);
        if (size > MAX_ANSWER_BYTES)
          fail(new RedfishError('answer', 'redfish.tooBig', { host, path: url.pathname }));
        else if (budget.spent) fail(budget.error(url.pathname));
        else chunks.push(chunk);
      });
      incoming.on('error', (error: NodeJS.ErrnoException) => fail(networkError(host, error)));
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
