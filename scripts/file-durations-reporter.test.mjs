import { describe, expect, it } from 'vitest';
import { fileDurations } from './file-durations-reporter.mjs';

const moduleOf = (moduleId, diagnostic) => ({ moduleId, diagnostic: () => diagnostic });

describe('the slowest files’ reporter', () => {
  it('times a file whole: its setup, its imports and its hooks as well as its tests', () => {
    const durations = fileDurations([
      moduleOf('/repo/a.test.ts', {
        environmentSetupDuration: 100,
        prepareDuration: 50,
        collectDuration: 2_000,
        setupDuration: 10,
        // A beforeAll of 20 s and tests of 1 s: what the JSON report counted was the 1 s.
        duration: 21_000,
      }),
    ]);

    expect(durations).toEqual({
      '/repo/a.test.ts': { wholeMs: 23_160, testsAndHooksMs: 21_000, prepareMs: 50, importMs: 2_000 },
    });
  });
});
