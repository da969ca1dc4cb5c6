import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const hooks = path.join(import.meta.dirname, 'native-typescript.mjs');
const folder = mkdtempSync(path.join(tmpdir(), 'native-typescript-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes `files` (relative name → text) into a folder of their own; runs `main` under the hooks. */
function run(files, main = 'main.ts') {
  const dir = mkdtempSync(path.join(folder, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return spawnSync(process.execPath, ['--import', hooks, path.join(dir, main)], { encoding: 'utf8' });
}

describe("the test projects' TypeScript loader", () => {
  it('resolves imports without an extension to the .ts file or the folder index, as the sources write them', () => {
    const result = run({
      'main.ts': "import { a } from './a';\nimport { b } from './lib';\nconsole.log(a + b);\n",
      'a.ts': "export const a: string = 'a';\n",
      'lib/index.ts': "export const b: string = 'b';\n",
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('ab\n');
  });

  it('writes what type stripping alone refuses (constructor parameter properties), without a warning', () => {
    const result = run({
      'main.ts':
        'class Service {\n  constructor(private readonly name: string) {}\n  hello() { return this.name; }\n}\nconsole.log(new Service("db").hello());\n',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('db\n');
  });

  it('leaves a missing module missing, naming it', () => {
    const result = run({ 'main.ts': "import './nowhere';\n" });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('nowhere');
  });

  it('maps an error back to the TypeScript line', () => {
    const result = run({
      'main.ts': 'type T = { a: number };\nconst t: T = { a: 1 };\n\nthrow new Error(`line four ${t.a}`);\n',
    });
    expect(result.stderr).toMatch(/main\.ts:4/);
  });
});
