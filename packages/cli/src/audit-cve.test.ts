import type { CveLookup } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affectedRow } from '../../../apps/server/src/test/advisory-input';
import { EXIT } from './exit-codes.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { publishedFlaw } from './test/published-advisory.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

let portal: FleetPortal;
let env: NodeJS.ProcessEnv;
const CVE = 'CVE-2026-43100';

beforeAll(async () => {
  portal = await startFleetPortal();
  env = cliEnv(newConfigHome());
  await publishedFlaw(portal, 'cli-vex', {
    title: ['命令行', 'CLI'],
    cve: CVE,
    affected: [
      affectedRow({ modelId: portal.model.id, kind: 'BMC', fixedIn: '999.0' }),
      affectedRow({ modelId: portal.model.id, kind: 'BIOS', status: 'under_investigation' }),
    ],
  });
  expect((await loginWithToken(portal, env)).code).toBe(EXIT.ok);
}, 240_000);
afterAll(async () => portal?.close());

describe('fwportal audit --cve (issue 43 §2)', () => {
  it('lists my servers the CVE concerns with each status in words and the fix, and exits 8 when one is affected', async () => {
    const run = await runCli(['audit', '--cve', CVE.toLowerCase()], { ...env, FWPORTAL_LANG: 'en-US' });
    expect(run.code).toBe(EXIT.vulnerable);
    for (const sn of portal.sns) expect(run.stdout).toContain(sn);
    expect(run.stdout).not.toContain(portal.otherSn);
    expect(run.stdout).toMatch(/BMC\s+\S+\s+affected\s+999\.0/);
    expect(run.stdout).toContain('under investigation');
    expect(run.stdout).not.toContain('known_affected');
    const json = await runCli(['audit', '--cve', CVE, '--json'], env);
    const answer = JSON.parse(json.stdout) as CveLookup;
    expect(answer.servers).toHaveLength(2 * portal.sns.length);
    expect(answer.servers.every((row) => portal.sns.includes(row.sn))).toBe(true);
  }, 120_000);

  it('answers a CVE no advisory cites with 0, and refuses what is not a CVE id with 2', async () => {
    const none = await runCli(['audit', '--cve', 'CVE-2026-99999'], env);
    expect(none.code).toBe(EXIT.ok);
    expect((await runCli(['audit', '--cve', 'openssl'], env)).code).toBe(EXIT.usage);
  }, 120_000);
});
