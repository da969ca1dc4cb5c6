import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { PortalTransportError } from './portal-fetch.ts';

/** A GET's answer with its body still to read, as a Node stream. */
export type StreamedAnswer = {
  status: number;
  header(name: string): string | null;
  body: IncomingMessage;
  /** The answer read whole into a fetch Response: for a refusal (small), handled as fetch's are. */
  toResponse(): Promise<Response>;
};

/** Statuses a Response cannot be built with a body for, or at all (outside 200-599). */
const bodyless = (status: number) => [101, 204, 205, 304].includes(status);

/**
 * A GET over node:http(s), for files: fetch hands a body over through web streams and copies it
 * on the way; fetching 1.5 GiB took 6.8-7.1 s of user CPU that way against 4.7-4.8 s over a Node
 * stream (same hashing and writes, 2 cores, load ~20), and on two cores that CPU competes with the
 * portal and the disk. Silence past `timeoutMs`, before the headers or between two body bytes,
 * ends it with the same errors as fetchWithin.
 */
export function getStreamed(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let answer: IncomingMessage | null = null;
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(url, { headers }, (incoming) => {
      answer = incoming;
      resolve({
        status: incoming.statusCode ?? 0,
        header: (name) => {
          const value = incoming.headers[name.toLowerCase()];
          return (Array.isArray(value) ? value.join(', ') : value) ?? null;
        },
        body: incoming,
        toResponse: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of incoming) chunks.push(chunk as Buffer);
          const status = incoming.statusCode ?? 0;
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const usable = status >= 200 && status <= 599;
          return new Response(bodyless(status) || !usable ? null : Buffer.concat(chunks), {
            status: usable ? status : 502,
            headers,
          });
        },
      });
    });
    request.setTimeout(timeoutMs, () => {
      const key = answer ? 'error.portalStalled' : 'error.portalTimeout';
      const silence = new PortalTransportError(key, url, 'timeout', timeoutMs);
      answer?.destroy(silence);
      request.destroy(silence);
      reject(silence);
    });
    // Before the answer: the portal could not be reached. After it, the body's stream reports.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof PortalTransportError) reject(error);
      else reject(new PortalTransportError('error.network', url, error.code ?? error.message, timeoutMs));
    });
  });
}
