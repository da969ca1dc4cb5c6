import { seaTestBuilds, seaWindowsTestBuild } from './sea-builds.ts';

/**
 * vitest globalSetup: in a full run (CI=true, a clean clone, so no cached builds) the single
 * executables the tests run are built from the start, in the background, once: five files use
 * the linux-x64 builds and one the win-x64 build, and whichever came first built them inside its
 * own beforeAll, two at once sometimes (issue 41: those files took 40-45 s whole). A file that
 * asks before they are done waits for them (sea-builds.ts: builtOnce). They run niced, on the cores'
 * idle moments, until a test waits for them (sea-builds.ts: hurry). A developer's run of a few
 * files builds them only if one asks, as before.
 */
export default function setup() {
  if (process.env.CI !== 'true') return;
  // A failure is not lost: the lock is given back, and the first test that asks builds again and
  // fails with the build's own error.
  const building = seaTestBuilds({ background: true })
    .then(() => seaWindowsTestBuild({ background: true }))
    .catch((error: unknown) => {
      process.stderr.write(
        `single executables for the tests not built in the background: ${String(error)}\n`,
      );
    });
  return async () => {
    await building;
  };
}
