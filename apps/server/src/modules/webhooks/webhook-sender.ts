import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_SECONDS, WEBHOOK_USER_AGENT } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import {
  HostRefused,
  hostOf,
  parseWebhookUrl,
  publicAddressesOf,
  type ResolvedAddress,
  type Resolver,
} from './address-guard';
import { signWebhook } from './webhook-signature';

export type WebhookRequest = {
  url: string;
  secret: string;
  event: string;
  deliveryId: number;
  body: string;
  /** Unix seconds, signed with the body. */
  timestamp: number;
  signal?: AbortSignal;
};

/** How one attempt ended: an answer (any status), or no answer and why. */
export type SendResult =
  | { kind: 'answered'; status: number }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string };

/** Answers are read only this far: the status is all that matters, and a receiver may be hostile. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one signed delivery. The host is resolved and checked here, and the connection goes to
 * exactly the addresses checked (a pinned lookup), so a name cannot turn private between the
 * check and the connect. Redirects are not followed: a 3xx is an answer like any other. The
 * lookup counts against the attempt's time limit: a name server that does not answer ends the
 * attempt as 'unresolved' (retried), and the POST gets what is left of the limit.
 */
export class WebhookSender {
  constructor(private readonly options: { allowPrivate: boolean; resolve?: Resolver }) {}

  async send(request: WebhookRequest): Promise<SendResult> {
    const deadline = Date.now() + WEBHOOK_TIMEOUT_SECONDS * 1000;
    let url: URL;
    let addresses: ResolvedAddress[];
    try {
      url = parseWebhookUrl(request.url);
      addresses = await withinDeadline(publicAddressesOf(hostOf(url), this.options), deadline, hostOf(url));
    } catch (error) {
      // A lookup that failed may pass later (a name server away); a private address or a bad URL will not.
      if (error instanceof HostRefused && error.kind === 'unresolved')
        return { kind: 'error', message: `unresolved:${error.host}` };
      if (error instanceof AppError) return { kind: 'refused', message: refusalOf(error, request.url) };
      throw error;
    }
    return this.post(url, addresses, request, deadline - Date.now());
  }

  private post(
    url: URL,
    addresses: ResolvedAddress[],
    request: WebhookRequest,
    timeoutMs: number,
  ): Promise<SendResult> {
    const pinned: LookupFunction = (_host, options, callback) => {
      const all = (options as { all?: boolean }).all === true;
      if (all) (callback as unknown as (e: null, list: ResolvedAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(request.body),
      'user-agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.event]: request.event,
      [WEBHOOK_HEADERS.delivery]: String(request.deliveryId),
      [WEBHOOK_HEADERS.timestamp]: String(request.timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(request.secret, request.timestamp, request.body),
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      const timeout = setTimeout(() => finish({ kind: 'error', message: 'timeout' }), Math.max(0, timeoutMs));
      const onAbort = () => finish({ kind: 'error', message: 'aborted' });
      let done = false;
      const finish = (result: SendResult) => {
        if (done) return;
        done = true;
        clearTimeout(timeout);
        request.signal?.removeEventListener('abort', onAbort);
        outgoing.destroy();
        resolve(result);
      };
      const outgoing = client.request(
        url,
        { method: 'POST', headers, lookup: pinned, agent: false },
        (answer) => {
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) finish({ kind: 'answered', status: answer.statusCode ?? 0 });
          });
          answer.on('end', () => finish({ kind: 'answered', status: answer.statusCode ?? 0 }));
          answer.on('error', () => finish({ kind: 'answered', status: answer.statusCode ?? 0 }));
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        finish({ kind: 'error', message: `network:${(error.code ?? error.message).slice(0, 100)}` }),
      );
      request.signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.end(request.body);
    });
  }
}

/** The lookup's answer, or 'unresolved' once the attempt's time is up, whatever the resolver does. */
async function withinDeadline<T>(lookup: Promise<T>, deadline: number, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HostRefused('unresolved', host)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}

function refusalOf(error: AppError, url: string): string {
  if (error instanceof HostRefused) return `${error.kind}:${error.host}`;
  return `refused:${url.slice(0, 200)}`;
}
