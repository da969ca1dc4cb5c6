import type { ByteRange } from '../../lib/file-store/file-store';

/**
 * What to answer for a `Range` header against a file of `size` bytes:
 * - 'full': no Range, a malformed one, another unit, or several ranges that stay
 *   apart after merging (RFC 9110 lets a server ignore Range; multipart/byteranges
 *   is not offered) -> 200 with the whole file;
 * - 'partial': one range, or several that merge into one (overlapping or adjacent,
 *   e.g. `bytes=0-99,50-199`) -> 206 with that range;
 * - 'unsatisfiable': no range starts inside the file -> 416 with `bytes * /size`.
 */
export type RangeDecision =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const FULL: RangeDecision = { kind: 'full' };
const SPEC = /^(\d*)-(\d*)$/;

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return FULL;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return FULL;
  const ranges: ByteRange[] = [];
  for (const part of match[1].split(',')) {
    const spec = SPEC.exec(part.trim());
    if (!spec) return FULL;
    const [, first = '', last = ''] = spec;
    if (first === '' && last === '') return FULL;
    if (first === '') {
      // Suffix: the last N bytes (all of them when N >= size; none when N is 0).
      const length = Number(last);
      if (length > 0 && size > 0) ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const start = Number(first);
    const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return FULL;
    if (start < size) ranges.push({ start, end: Math.min(end, size - 1) });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  const merged = mergeRanges(ranges);
  if (merged.length > 1) return FULL;
  const [only] = merged;
  return only ? { kind: 'partial', range: only } : FULL;
}

/** Sorted, with overlapping and adjacent ranges joined. */
function mergeRanges(ranges: ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * `If-Range`: the Range applies only when the validator still names this file.
 * An entity tag must match strongly (weak tags never do); a date must equal the
 * Last-Modified the portal sends, to the second.
 */
export function ifRangeHolds(ifRange: string | undefined, etag: string, lastModified: Date | null): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  if (!lastModified) return false;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
