import { describe, expect, it } from 'vitest';
import { compareVersions, semverPreRelease, versionSortKey } from './version-order';
import { randomVersion, seeded } from './version-order.sample';

/** Each pair: the first is older than the second. */
const OLDER_NEWER: [string, string][] = [
  // SemVer 2.0 precedence (semver.org, item 11).
  ['1.0.0', '2.0.0'],
  ['2.0.0', '2.1.0'],
  ['2.1.0', '2.1.1'],
  ['1.0.0-alpha', '1.0.0'],
  ['1.0.0-alpha', '1.0.0-alpha.1'],
  ['1.0.0-alpha.1', '1.0.0-alpha.beta'],
  ['1.0.0-alpha.beta', '1.0.0-beta'],
  ['1.0.0-beta', '1.0.0-beta.2'],
  ['1.0.0-beta.2', '1.0.0-beta.11'],
  ['1.0.0-beta.11', '1.0.0-rc.1'],
  ['1.0.0-rc.1', '1.0.0'],
  ['4.0.0-rc1', '4.0.0'],
  ['4.0.0-rc1', '4.1.2'],
  ['1.0.0-rc.9', '1.0.0-rc.10'],
  ['1.0.0-0', '1.0.0-a'],
  ['1.9.0', '1.10.0'],
  ['V1.2.3', '1.2.4'],
  // Vendor schemes.
  ['1.0.9', '1.0.10'],
  ['5.02', '5.10'],
  ['5.1', '5.02.1'],
  ['1.0', '1.0.1'],
  ['1.0.1', '1.0a'],
  ['1.0_1', '1.0.2'],
  ['2023-12-31', '2024-01-01'],
  ['20231231', '20240101'],
  ['v2.9', 'v2.10'],
  ['BIOS 3.9', 'bios 3.10'],
  ['A', 'B'],
  ['', '0'],
];

describe('the version order', () => {
  it.each(OLDER_NEWER)('puts %s before %s', (older, newer) => {
    expect(compareVersions(older, newer)).toBe(-1);
    expect(compareVersions(newer, older)).toBe(1);
  });

  it('treats spellings of one version as one key, and still orders them totally', () => {
    for (const [a, b] of [
      ['1.0_1', '1.0.1'],
      ['V1.2.3', '1.2.3'],
      ['1.2.3+build.5', '1.2.3'],
      ['5.02', '5.2'],
      [' 1.0 ', '1.0'],
      ['1.0.0-RC1', '1.0.0-rc1'],
    ] as const) {
      expect(versionSortKey(a), `${a} ~ ${b}`).toBe(versionSortKey(b));
      expect(compareVersions(a, b)).not.toBe(0);
      expect(compareVersions(a, a)).toBe(0);
    }
  });

  it('sorts a mixed list the way a reader expects', () => {
    const list = [
      '4.1.2',
      '4.0.0-rc1',
      '4.0.0',
      '3.10.0',
      '3.9.9',
      '4.1.10',
      '4.2.0-beta.2',
      '4.2.0-beta.11',
    ];
    expect([...list].sort(compareVersions)).toEqual([
      '3.9.9',
      '3.10.0',
      '4.0.0-rc1',
      '4.0.0',
      '4.1.2',
      '4.1.10',
      '4.2.0-beta.2',
      '4.2.0-beta.11',
    ]);
  });

  it('names the SemVer pre-release part only for SemVer strings', () => {
    expect(semverPreRelease('4.0.0-rc1')).toBe('rc1');
    expect(semverPreRelease('v1.0.0-beta.2+exp')).toBe('beta.2');
    expect(semverPreRelease('4.1.2')).toBeNull();
    expect(semverPreRelease('2024-05-01')).toBeNull();
    expect(semverPreRelease('1.0-rc1')).toBeNull();
  });

  it('is a total order: antisymmetric and transitive over a generated sample', () => {
    const random = seeded(7);
    const sample = Array.from({ length: 300 }, () => randomVersion(random));
    const sorted = [...sample].sort(compareVersions);
    for (let i = 1; i < sorted.length; i += 1) {
      expect(compareVersions(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
      expect(compareVersions(sorted[i]!, sorted[i - 1]!)).toBeGreaterThanOrEqual(0);
    }
  });
});
