/*
 * A copy of @portal/contract version-order.ts (the published CLI cannot ship the private contract
 * package; update.test.ts checks that both order versions alike). The rule is told there.
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
