/**
 * The one version order of the product: catalogue lists (SQL), bundle resolution and web
 * tables all sort by `versionSortKey`, compared as raw code points (SQL: `collate "C"`). The
 * SQL twin is the `catalog_version_key` function (migration 0015); a test keeps the two
 * producing the same key for random strings on PGlite and PostgreSQL.
 *
 * The rule:
 * 1. ASCII letters are compared case-insensitively; surrounding spaces and a `v`/`V` before
 *    the first digit are ignored (`V1.2.3` = `1.2.3`).
 * 2. A SemVer 2.0 string (`MAJOR.MINOR.PATCH[-pre][+build]`) follows SemVer precedence: a
 *    pre-release is lower than its release (`4.0.0-rc1` < `4.0.0`), pre-release identifiers
 *    compare numerically when numeric, numeric before alphanumeric, a longer list after its
 *    prefix (`rc.1` < `rc.1.1`); build metadata is ignored.
 * 3. Anything else is a vendor scheme: `.`, `_`, `-`, `/` and spaces separate, runs of digits
 *    compare as numbers (`1.0.10` > `1.0.9`, `5.02` = `5.2`, `1.0_1` = `1.0.1`, dates as
 *    `2024-05-01` or `20240501` in date order), text runs alphabetically, a number before
 *    text at the same place, and a version before any longer one it starts
 *    (`1.0` < `1.0.1` < `1.0a`).
 * Versions with equal keys are ordered by the raw string, so every order is total.
 */

// Key alphabet, in byte order: 'a' pre-release follows, 'b' release end, 'e' end of the
// pre-release list, 'n' a number, 't' a text run ended by a space (lower than any text).
const SEMVER =
  /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-((?:0|[1-9][0-9]*|[0-9]*[a-z-][0-9a-z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-z-][0-9a-z-]*))*))?(?:\+[0-9a-z-]+(?:\.[0-9a-z-]+)*)?$/;
const VENDOR_PART = /[0-9]+|[^0-9._/ -]+/g;

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** A number as 'n' + its digit count (3 digits) + its digits without leading zeros. */
function numberKey(digits: string): string {
  const bare = digits.replace(/^0+/, '');
  return `n${String(bare.length).padStart(3, '0')}${bare}`;
}

const partKey = (part: string) => (/^[0-9]+$/.test(part) ? numberKey(part) : `t${part} `);

function normalise(version: string): string {
  return asciiLower(version.replace(/^ +| +$/g, '')).replace(/^v(?=[0-9])/, '');
}

/** The SemVer pre-release part of a version ('rc1' of '4.0.0-rc1'), or null. */
export function semverPreRelease(version: string): string | null {
  const match = SEMVER.exec(normalise(version));
  return match?.[4] ?? null;
}

/** The sort key of a version (see the rule above); compare keys with `compareKeys`. */
export function versionSortKey(version: string): string {
  const v = normalise(version);
  const semver = SEMVER.exec(v);
  if (semver) {
    const main = numberKey(semver[1]!) + numberKey(semver[2]!) + numberKey(semver[3]!);
    const pre = semver[4];
    if (pre === undefined) return `${main}b`;
    return `${main}a${pre.split('.').map(partKey).join('')}e`;
  }
  return `${(v.match(VENDOR_PART) ?? []).map(partKey).join('')}b`;
}

/** Code-point order (what PostgreSQL's "C" collation gives for UTF-8 text), not UTF-16 units. */
export function compareKeys(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return Math.sign(left.length - right.length);
}

/** The product's version order: negative when `a` comes before (is older than) `b`. */
export function compareVersions(a: string, b: string): number {
  return compareKeys(versionSortKey(a), versionSortKey(b)) || compareKeys(a, b);
}

/**
 * A version the catalogue can place in its order: digits first (after an optional `v`), then
 * dotted, dashed or underscored numbers, optionally a SemVer pre-release or build part. Anything
 * else ("U32 v2.7", "unknown", "") is never guessed as outdated: its state is `unknown`.
 */
export const ORDERABLE_VERSION = /^[vV]?\d+(?:[._-]\d+)*(?:[-+][0-9A-Za-z.-]+)?$/;
export const isOrderableVersion = (version: string) => ORDERABLE_VERSION.test(version.trim());
