import path from 'node:path';
import { build } from 'esbuild';
import { type CliRun, runCli } from './run-cli.ts';

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

/**
 * Runs the run's bundle of fwportal (test/bundle-global-setup.ts) to the end, `input` on its
 * stdin, in the test's home: a command that writes beside it by default (audit --repo's readings
 * file) must not leave files in the checkout. Needed where a command loads the contract's
 * compliance engine, whose extensionless imports Node cannot run from the sources.
 */
export function runBundledCli(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliRun> {
  const entry = process.env.FWPORTAL_TEST_BUNDLE;
  if (!entry)
    throw new Error('no bundle of fwportal: run this test in the cli project (its setup bundles it)');
  return runCli(args, env, input, { entry, cwd: env.HOME });
}
