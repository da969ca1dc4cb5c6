import path from 'node:path';
import type { ApiTokenScope } from '@portal/contract';
import { createUser } from '../../apps/server/src/test/factories';
import { type CliRun, cliEnv, runCli } from '../../packages/cli/src/test/run-cli';
import { BENCH_PASSWORD, type BenchPortal } from './portal';

export { runCli as fwportal } from '../../packages/cli/src/test/run-cli';

/**
 * `fwportal login --token-stdin` as `userId`, in a config home of its own under `dir`, with a
 * token made as the console makes one (how a CI job signs in: the device sign-in needs a
 * person). Returns the environment the bench runs `fwportal` with.
 */
export async function signedInFwportal(
  portal: BenchPortal,
  userId: number,
  scopes: ApiTokenScope[],
  dir: string,
): Promise<NodeJS.ProcessEnv> {
  const env = cliEnv(path.join(dir, 'config'), { LANG: 'C.UTF-8' });
  const created = await portal.app.services.apiTokens.create(userId, {
    name: 'bench',
    scopes,
    expiresInDays: 1,
  });
  const login = await runCli(['login', '--url', portal.url, '--token-stdin'], env, `${created.token}\n`);
  if (login.code !== 0) throw new Error(`fwportal login failed: ${login.stderr}`);
  return env;
}

/** A new customer of `portal`, signed in to `fwportal` with `scopes` (see signedInFwportal). */
export async function customerWithFwportal(portal: BenchPortal, scopes: ApiTokenScope[], dir: string) {
  const customer = await createUser(portal.db, { roleCodes: ['customer'], password: BENCH_PASSWORD });
  return { customer, env: await signedInFwportal(portal, customer.id, scopes, dir) };
}

/** The `--json` answer of a finished `fwportal` run; a run that printed none failed, with its stderr. */
export function jsonOf<T>(run: CliRun, command: string): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`fwportal ${command} failed (${run.code}): ${run.stderr}`);
  }
}
