import { BUILD } from '../build-info.ts';
import { type Context, note, printJson } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';

/**
 * `fwportal notices [--json]`: the licences of the third-party software a single executable
 * carries (the Node.js runtime, the bundled packages), built in by build-binaries.mjs, so every
 * copy carries them wherever it was downloaded or mirrored from. Run from Node.js, fwportal
 * carries nothing: its packages are installed by npm with their own licence files.
 */
export async function notices(ctx: Context): Promise<ExitCode> {
  if (ctx.json) {
    printJson(ctx, { version: BUILD.version, notices: BUILD.notices });
    return EXIT.ok;
  }
  if (BUILD.notices) ctx.stdout.write(BUILD.notices);
  else note(ctx, 'notices.none');
  return EXIT.ok;
}
