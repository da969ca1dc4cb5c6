import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { CLI_MAIN } from './test/run-cli.ts';

/**
 * The tests run the bundle (test/bundle-global-setup.ts), but the benches and a developer run the
 * sources with Node's own type stripping, which resolves no import without its `.ts`: a contract
 * module the CLI loads at run time that imports `./x` breaks only there (bench:mirror did, with
 * `file-names.ts`, on 2026-12-05).
 */
it('starts from its TypeScript sources under plain Node, every contract module it loads included', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI_MAIN, '--version']);
  expect(stdout).toMatch(/^fwportal \S+ \(Node\.js \d+\.\d+\.\d+\)/);
});

it('loads the rule engine `audit --repo` imports on demand from the sources too', async () => {
  const engine = path.resolve(import.meta.dirname, '../../contract/src/compliance/index.ts');
  const script = `const m = await import(${JSON.stringify(pathToFileURL(engine).href)}); console.log(typeof m.serverCompliance);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  expect(stdout.trim()).toBe('function');
});
