import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { childFlags, preparedState } from './prepare';

describe('the preparing child', () => {
  it("runs with the portal's flags but its debugger port and its small-heap settings", () => {
    expect(
      childFlags([
        '--max-semi-space-size=2',
        '--optimize-for-size',
        '--inspect=9229',
        '--enable-source-maps',
        '--max-old-space-size=2048',
      ]),
    ).toEqual(['--enable-source-maps', '--max-old-space-size=2048']);
  });

  // A start prepares again whenever the folder's stamp is not this state: main.test.ts starts a
  // real portal on a folder stamped with an older migration. Here: the state holds each of its
  // three parts, so that a build bringing only a newer job-queue schema prepares again too.
  it('stamps the newest migration, the job queue schema pg-boss installs and the demo flag', () => {
    const installed = createRequire(import.meta.url)('pg-boss/package.json') as {
      pgboss: { schema: number };
    };
    const state = preparedState({ SEED_DEMO: true }, '0036_psirt');
    expect(state).toBe(`0036_psirt queue-schema=${installed.pgboss.schema} demo=on`);
    expect(preparedState({ SEED_DEMO: true }, '0035_sboms')).not.toBe(state);
    expect(preparedState({ SEED_DEMO: false }, '0036_psirt')).not.toBe(state);
  });
});
