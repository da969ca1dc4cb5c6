import { isSeaPlatform, type SeaPlatform } from '@portal/contract/cli-builds';

/**
 * Stamped in by the bundler (esbuild `define`): build.mjs sets the version, the single-executable
 * build (build-binaries.mjs) also the platform and the release key. Run from source it is absent.
 */
declare const FWPORTAL_BUILD:
  | {
      version: string;
      platform: string | null;
      releaseKeyPem: string | null;
      nextReleaseKeyPem?: string | null;
      notices?: string | null;
    }
  | undefined;

export type BuildInfo = {
  version: string;
  /** Set in a single executable only: the target it was built for. */
  platform: SeaPlatform | null;
  /**
   * The fwportal release public key (SPKI PEM) built into a single executable: self-update trusts
   * this key and no other, whatever a portal or a file beside the update says. It is not the
   * portal's signing key: the release key is kept by whoever releases fwportal, never on a portal.
   */
  releaseKeyPem: string | null;
  /**
   * The release key that will sign later builds, announced by this one (SPKI PEM), or null: a key
   * change is made by first releasing a build that carries both, so every fwportal that updated to
   * it accepts the first build the new key signs (docs/OPERATIONS.md, *Changing the release key*).
   */
  nextReleaseKeyPem: string | null;
  /** A single executable's THIRD-PARTY-NOTICES.txt, built in (`fwportal notices`); null from source. */
  notices: string | null;
};

/** What `fwportal --version` reports when run from the sources (`node src/main.ts`), unbundled. */
const SOURCE_VERSION = '0.0.0-source';

function buildInfo(): BuildInfo {
  if (typeof FWPORTAL_BUILD === 'undefined')
    return {
      version: SOURCE_VERSION,
      platform: null,
      releaseKeyPem: null,
      nextReleaseKeyPem: null,
      notices: null,
    };
  const { version, platform, releaseKeyPem } = FWPORTAL_BUILD;
  return {
    version,
    platform: platform && isSeaPlatform(platform) ? platform : null,
    releaseKeyPem,
    nextReleaseKeyPem: FWPORTAL_BUILD.nextReleaseKeyPem ?? null,
    notices: FWPORTAL_BUILD.notices ?? null,
  };
}

export const BUILD: BuildInfo = buildInfo();
