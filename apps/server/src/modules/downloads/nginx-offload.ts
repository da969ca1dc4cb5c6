import type { IncomingHttpHeaders } from 'node:http';
import type { FileStore } from '../../lib/file-store/file-store';
import { decideRange } from './byte-range';
import type { DownloadTarget } from './download.service';

/** One range in the only form nginx reads (`bytes=a-b`, `bytes=a-`, `bytes=-n`). */
const NGINX_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * The ETag nginx gives a static file (ngx_http_set_etag): its modification time in seconds and
 * its size, both in lower-case hex, quoted. What clients that resume send back in If-Range.
 */
export function nginxEtag(modifiedAt: Date, size: number): string {
  return `"${Math.floor(modifiedAt.getTime() / 1000).toString(16)}-${size.toString(16)}"`;
}

/**
 * Whether nginx keeps the range for this If-Range (ngx_http_range_header_filter): a value
 * ending in a quote is an entity tag, equal byte for byte to nginx's own; anything else is a
 * date, equal to the second to the file's modification time. Only the date exactly as nginx
 * sends it in Last-Modified counts here: a form JavaScript reads and nginx does not (ISO 8601)
 * gets the whole file from nginx, and must be charged it. (With `etag off` in nginx every
 * entity tag would get the whole file: deploy/nginx/portal.conf leaves it on.)
 */
async function nginxKeepsRange(ifRange: string, target: DownloadTarget, store: FileStore): Promise<boolean> {
  // Unreadable here (a permission, the disk): nginx may still send it, so charge it whole.
  const file = await store.stat(target.storageKey).catch(() => null);
  if (!file) return false;
  if (ifRange.length >= 2 && ifRange.endsWith('"')) return ifRange === nginxEtag(file.modifiedAt, file.size);
  const lastModified = new Date(Math.floor(file.modifiedAt.getTime() / 1000) * 1000).toUTCString();
  return ifRange === lastModified;
}

/**
 * What nginx will send for a GET the portal hands over (DOWNLOAD_OFFLOAD=x-accel): the range
 * asked when nginx reads it as the portal does (one range in its strict form, and an If-Range
 * that still names nginx's file), else the whole file. A quota charged less than this could
 * be drained for free with a range nginx ignores; charged more, every resume would cost a
 * whole file.
 */
export async function bytesNginxSends(
  headers: IncomingHttpHeaders,
  target: DownloadTarget,
  store: FileStore,
): Promise<number> {
  const { range, 'if-range': ifRange } = headers;
  if (range === undefined || !NGINX_RANGE.test(range)) return target.size;
  if (Array.isArray(ifRange)) return target.size;
  if (ifRange !== undefined && !(await nginxKeepsRange(ifRange, target, store))) return target.size;
  const decision = decideRange(range, target.size);
  return decision.kind === 'partial' ? decision.range.end - decision.range.start + 1 : target.size;
}
