import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { envNumber } from './env-number';

export const DURATION_S = envNumber('BENCH_DURATION', 15);
export const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 32);

export type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};

/**
 * GETs `url` from CONNECTIONS connections for DURATION_S seconds (or `seconds`). autocannon runs
 * as its own process so the load generator does not share the server's event loop.
 */
export async function loadFromAnotherProcess(
  url: string,
  token: string,
  seconds = DURATION_S,
): Promise<AutocannonResult> {
  const cli = path.resolve(import.meta.dirname, '../../node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  args.push('-H', 'accept-language=en-US', url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as AutocannonResult;
}
