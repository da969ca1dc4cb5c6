import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { CliRun } from './run-cli.ts';

/**
 * The CLI bundled into `outfile` as packages/cli/build.mjs bundles it (esbuild, the contract
 * inlined), `fwportal --version` saying `version`: one file, what customers run.
 */
export async function bundleCli(outfile: string, version: string): Promise<string> {
  await build({
    entryPoints: [path.resolve(import.meta.dirname, '../main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    define: { FWPORTAL_BUILD: JSON.stringify({ version, platform: null, releaseKeyPem: null }) },
    logLevel: 'warning',
  });
  return outfile;
}

let bundle: Promise<string> | undefined;

/**
 * The bundled CLI: the run's bundle (test/bundle-global-setup.ts) when a test setup built one,
 * else one of this worker's. Needed where a command loads the contract's compliance engine, whose
 * extensionless imports Node cannot run from the sources.
 */
function bundledCli(): Promise<string> {
  const ofTheRun = process.env.FWPORTAL_TEST_BUNDLE;
  if (ofTheRun) return Promise.resolve(ofTheRun);
  bundle ??= bundleCli(path.join(mkdtempSync(path.join(tmpdir(), 'fwportal-bundle-')), 'main.mjs'), 'test');
  return bundle;
}

/** Runs the bundled `fwportal args` to the end, `input` on its stdin. */
export async function runBundledCli(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliRun> {
  const child = spawn(process.execPath, [await bundledCli(), ...args], {
    env,
    // In the test's own home: a command that writes beside it by default (audit --repo's readings
    // file) must not leave files in the checkout.
    cwd: env.HOME,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
