import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorizations } from '../../../apps/server/src/db/schema';
import { until } from '../../../apps/server/src/test/until';
import { EXIT } from './exit-codes.ts';
import { deviceConsoleCall, startDeviceLogin, startDeviceLoginPortal } from './test/device-login.ts';
import type { FleetPortal } from './test/portal-fixture.ts';
import { newConfigHome } from './test/run-cli.ts';

let portal: FleetPortal;
let session: string;

beforeAll(async () => {
  ({ portal, session } = await startDeviceLoginPortal());
});
afterAll(async () => portal?.close());

const startLogin = (args: string[], home: string) => startDeviceLogin(portal, args, home);
const consoleCall = (action: string, payload: object) => deviceConsoleCall(portal, session, action, payload);

describe('fwportal login (device sign-in, RFC 8628)', () => {
  it('prints a code and a link, polls until the code is approved in the console, and stores the token', async () => {
    const home = newConfigHome();
    const login = await startLogin(['--scopes', 'download', '--expires-days', '30'], home);
    expect(login.out.stderr).toContain(`/device?user_code=${login.userCode}`);
    expect(login.out.stderr).toContain('/device ');

    // It polls, and is told to wait: nobody approved yet.
    await until('a poll', async () => {
      const [polled] = await portal.t.db
        .select({ id: deviceAuthorizations.id })
        .from(deviceAuthorizations)
        .where(isNotNull(deviceAuthorizations.lastPolledAt));
      return polled;
    });

    // The person sees what the command line asked for, then approves.
    const shown = await consoleCall('lookup', { userCode: login.userCode });
    expect(shown.body.data).toMatchObject({
      clientId: 'fwportal',
      requestedScopes: ['download'],
      requestedDays: 30,
    });
    const name = `fwportal@${String(shown.body.data.clientHost)}`;
    const approved = await consoleCall('approve', {
      userCode: login.userCode,
      token: { name, scopes: ['download'], expiresInDays: 30 },
    });
    expect(approved.status).toBe(200);
    // The portal's clock stands still: step it past the interval, and past the 5 s slow_down
    // adds had a poll come in meanwhile, so the next poll is on time and gets the token.
    portal.t.clock.advance(30_000);

    expect(await login.exited).toBe(EXIT.ok);
    expect(login.out.stdout).toContain(`Logged in to ${portal.url} as ${portal.customer.account}`);
    const file = path.join(home, 'fwportal', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      url: string;
      token: string;
      signingKey: string;
    };
    expect(stored.url).toBe(portal.url);
    expect(stored.token).toMatch(/^fwp_/);
    expect(stored.signingKey).toContain('BEGIN PUBLIC KEY');
    expect(login.out.stdout + login.out.stderr).not.toContain(stored.token);
    // The token is the approver's, named and scoped as approved.
    const tokens = await portal.t.app.services.apiTokens.list(portal.customer.id);
    expect(tokens).toEqual(expect.arrayContaining([expect.objectContaining({ name, scopes: ['download'] })]));
  });

  it('exits 3 and stores nothing when the code is denied, in the asked language', async () => {
    const home = newConfigHome();
    const login = await startLogin(['--lang', 'zh-CN'], home);
    expect((await consoleCall('deny', { userCode: login.userCode })).status).toBe(200);
    expect(await login.exited).toBe(EXIT.auth);
    expect(login.out.stderr).toMatch(/[\u4e00-\u9fff]/);
    expect(() => statSync(path.join(home, 'fwportal', 'config.json'))).toThrow();
  });
});
