import type http from 'node:http';
import { errorBody } from './resources';

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

export function notFound(path: string): Answer {
  return { status: 404, body: errorBody('ResourceMissingAtURI', `The resource at ${path} was not found.`) };
}

/** The JSON body of a request, or undefined when it is not JSON. */
export async function readJson(req: http.IncomingMessage, limit = 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
