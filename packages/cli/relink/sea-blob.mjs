// The single-executable blob of a bundled script, made by the running Node (the blob runs only on
// the Node version that made it). Shared by build-binaries.mjs and the relink kit's relink.mjs,
// which ships this file beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The blob of `script` (written as `<name>.blob` in `work`, its configuration beside it). No code
 * cache or snapshot: those are specific to the machine that makes them.
 */
export function seaBlob(work, name, script) {
  const blob = path.join(work, `${name}.blob`);
  const config = path.join(work, `${name}.sea.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main: script,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return readFileSync(blob);
}
