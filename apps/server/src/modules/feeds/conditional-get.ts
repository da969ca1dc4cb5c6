import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a conditional GET may be answered 304 (RFC 9110 13.2.2): If-None-Match decides when
 * present (weak comparison); otherwise If-Modified-Since, to the second HTTP dates carry.
 */
export function notModified(
  headers: IncomingHttpHeaders,
  current: { etag: string; lastModified: Date },
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(current.etag);
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(current.lastModified.getTime() / 1000) * 1000 <= since;
}
