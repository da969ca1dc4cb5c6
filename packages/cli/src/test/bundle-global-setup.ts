import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The tests run fwportal as customers do, bundled into one file (build.mjs), built once per run
 * from the current sources: Node ran the sources directly at 0.6-0.7 s of CPU a start (stripping
 * the types of every module), the bundle starts in 0.1-0.15 s, and the tests start it a few
 * hundred times (issue 41). `FWPORTAL_TEST_BUNDLE` tells test/run-cli.ts and test/bundled-cli.ts
 * where it is.
 */
export default function setup() {
  const dist = mkdtempSync(path.join(tmpdir(), 'fwportal-test-bundle-'));
  const build = spawnSync(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../build.mjs'), '--dist', dist],
    {
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`fwportal's bundle did not build:\n${build.stderr}${build.stdout}`);
  process.env.FWPORTAL_TEST_BUNDLE = path.join(dist, 'main.js');
  return () => rmSync(dist, { recursive: true, force: true });
}
