/**
 * The single executables of fwportal that `npm run build:cli-binaries` makes, and how their files
 * are named: the build script, fwportal's self-update and the portal's demo seed read the names
 * alike. Free of zod, so fwportal bundles it.
 */

/** Each target: how the catalogue describes it (a version's os and arch) and its file suffix. */
export const SEA_PLATFORMS = {
  'linux-x64': { os: 'Linux', arch: 'x86_64', suffix: '' },
  'linux-arm64': { os: 'Linux', arch: 'aarch64', suffix: '' },
  'win-x64': { os: 'Windows', arch: 'x86_64', suffix: '.exe' },
} as const;
export type SeaPlatform = keyof typeof SEA_PLATFORMS;

/**
 * The catalogue item (kind TOOL) whose versions are the builds for `platform`: one item per
 * platform, as the catalogue keeps one file per version.
 */
export const fwportalItemCode = (platform: SeaPlatform): string => `fwportal-${platform}`;

/** A release version: SemVer, optionally with a pre-release part (`1.2.0`, `1.3.0-rc.1`). */
const RELEASE_VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?$/;

export const isReleaseVersion = (version: string): boolean => RELEASE_VERSION.test(version);

export function isSeaPlatform(value: string): value is SeaPlatform {
  return Object.hasOwn(SEA_PLATFORMS, value);
}

/** The platform whose builds the item `itemCode` lists (`fwportal-linux-x64`), or null for any other item. */
export function cliBuildPlatform(itemCode: string): SeaPlatform | null {
  const platform = /^fwportal-(.+)$/.exec(itemCode)?.[1];
  return platform && isSeaPlatform(platform) ? platform : null;
}

/** `fwportal-1.2.0-linux-x64`, `fwportal-1.2.0-win-x64.exe`. */
export function buildFileName(version: string, platform: SeaPlatform): string {
  return `fwportal-${version}-${platform}${SEA_PLATFORMS[platform].suffix}`;
}

/**
 * The version and platform a build's file name states, or null for any other name. Self-update
 * reads them from the name as signed in SHA256SUMS, never from a field the portal answers beside it.
 */
export function parseBuildFileName(name: string): { version: string; platform: SeaPlatform } | null {
  const match = /^fwportal-(.+)-(linux-x64|linux-arm64|win-x64)(\.exe)?$/.exec(name);
  if (!match?.[1] || !match[2] || !isSeaPlatform(match[2]) || !isReleaseVersion(match[1])) return null;
  const platform = match[2];
  return buildFileName(match[1], platform) === name ? { version: match[1], platform } : null;
}

/**
 * What the CLI release key signs for each build, beside SHA256SUMS as a whole: the build's own
 * `sha256sum` line, byte for byte the SHA256SUMS the portal serves for a version of it
 * (`<sha256>  <file name>\n`). Its raw Ed25519 signature is the file `<build>.sig`; the portal
 * keeps it as published and serves it unchanged, so self-update checks a build from the portal
 * against the release key built into it, never against the portal's own key.
 */
export function releaseSignedLine(sha256: string, fileName: string): string {
  return `${sha256}  ${fileName}\n`;
}

/** `<build>.sig`: the release key's signature of `releaseSignedLine` for the build. */
export const RELEASE_SIGNATURE_SUFFIX = '.sig';

/** Beside the builds: the release public key (SPKI PEM) they were signed with, for people and the demo seed. */
export const RELEASE_PUBLIC_KEY_FILE = 'release-ed25519.pub.pem';

/**
 * The download path (under `/api/downloads/:versionId/`) serving the signature published with a
 * version (`<build>.sig`, 64 raw bytes): 404 when it was published without one.
 */
export const PUBLISHED_SIGNATURE_FILE_NAME = 'release.sig';
