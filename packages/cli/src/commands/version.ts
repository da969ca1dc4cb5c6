import { BUILD } from '../build-info.ts';
import { type Context, printJson } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { keyIdOf, publicKeyOf } from '../signing-key.ts';

/** `fwportal 1.2.0 (linux-x64, Node.js 24.21.0)`: what `fwportal --version` prints. */
export function versionLine(): string {
  const where = [BUILD.platform, `Node.js ${process.versions.node}`].filter(Boolean).join(', ');
  return `fwportal ${BUILD.version} (${where})\n`;
}

/**
 * `fwportal version [--json]`: the version, and for a single executable its platform and the id
 * of the release key built in (self-update checks the candidate with this command).
 */
export async function version(ctx: Context): Promise<ExitCode> {
  if (!ctx.json) {
    ctx.stdout.write(versionLine());
    return EXIT.ok;
  }
  printJson(ctx, {
    version: BUILD.version,
    platform: BUILD.platform,
    node: process.versions.node,
    releaseKeyId: BUILD.releaseKeyPem ? keyIdOf(publicKeyOf(BUILD.releaseKeyPem)) : null,
    nextReleaseKeyId: BUILD.nextReleaseKeyPem ? keyIdOf(publicKeyOf(BUILD.nextReleaseKeyPem)) : null,
  });
  return EXIT.ok;
}
