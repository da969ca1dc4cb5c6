import path from 'node:path';
import type { ApiTokenScope } from '@portal/contract';
import { cliEnv, runCli } from '../../packages/cli/src/test/run-cli';
import type { BenchPortal } from './portal';

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
