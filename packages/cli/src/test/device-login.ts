import { tokenFor, withToken } from '../../../../apps/server/src/test/requests';
import { until } from '../../../../apps/server/src/test/until';
import { type FleetPortal, startFleetPortal } from './portal-fixture.ts';
import { cliEnv, spawnCli } from './run-cli.ts';

/**
 * A fleet portal for the device sign-in (RFC 8628), and a console session of its fleet customer,
 * who approves or denies the codes. Polls a second apart rather than RFC 8628's five: the tests
 * wait real seconds between them.
 */
export async function startDeviceLoginPortal() {
  const portal = await startFleetPortal({ deviceAuthPollSeconds: 1 });
  const session = await tokenFor(portal.t.app, portal.customer.account, portal.customer.password);
  return { portal, session };
}

/**
 * `fwportal login --url <portal> args` running in the config home `home`, its output collected as
 * it comes, and the user code of the verification link it printed. The CLI prints the code and the
 * link in two writes: this waits for the link, which may come in a later chunk.
 */
export async function startDeviceLogin(portal: FleetPortal, args: string[], home: string) {
  const child = spawnCli(['login', '--url', portal.url, ...args], cliEnv(home));
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (out.stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out.stderr += chunk.toString('utf8')));
  child.stdin?.end();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const userCode = await until(
    'the verification link',
    () => /\/device\?user_code=([B-Z]{4}-[B-Z]{4})\b/.exec(out.stderr)?.[1],
    30_000,
  );
  return { out, exited, userCode };
}

/** What the console asks of the portal about a code (`lookup`, `approve`, `deny`), as the customer of `session`. */
export const deviceConsoleCall = (portal: FleetPortal, session: string, action: string, payload: object) =>
  withToken<Record<string, unknown>>(portal.t.app, session, {
    method: 'POST',
    url: `/api/device/${action}`,
    payload,
  });
