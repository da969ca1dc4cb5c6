import fs from 'node:fs';

/**
 * A vitest reporter for the run's "Slowest test files" (scripts/test.mjs): each test file's whole
 * time in its worker, written as JSON ({ file: { wholeMs, testsAndHooksMs, prepareMs, importMs } }) to the path in
 * FILE_DURATIONS_OUT. vitest's JSON report times a file from its first test's start to its last
 * test's end, so a beforeAll that starts a portal or builds executables, and the file's imports,
 * were left out of it (issue 41: files listed under 20 s took up to 45 s).
 */
export default class FileDurationsReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const out = process.env.FILE_DURATIONS_OUT;
    if (!out) return;
    fs.writeFileSync(out, JSON.stringify(fileDurations(testModules)));
  }
}

/**
 * Per file: the environment's setup, vitest's harness, the file's imports and its setup files,
 * then its tests and hooks (`duration`, what the default reporter prints beside the file).
 * @param {ReadonlyArray<{ moduleId: string, diagnostic(): import('vitest/node').ModuleDiagnostic }>} testModules
 */
export function fileDurations(testModules) {
  return Object.fromEntries(
    testModules.map((testModule) => {
      const d = testModule.diagnostic();
      const wholeMs =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      // The worker's start and the imports apart too: where a first file's time goes (issue 41).
      return [
        testModule.moduleId,
        { wholeMs, testsAndHooksMs: d.duration, prepareMs: d.prepareDuration, importMs: d.collectDuration },
      ];
    }),
  );
}
