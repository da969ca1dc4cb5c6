import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const hooks = path.join(import.meta.dirname, 'native-typescript.mjs');
const folder = mkdtempSync(path.join(tmpdir(), 'native-typescript-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes `files` (relative name → text) into `dir`, a new folder unless given. */
function write(files, dir = mkdtempSync(path.join(folder, 'case-'))) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The transforms these runs keep: a folder of their own, not the one the run's other workers write to. */
const transformCache = path.join(folder, 'transforms');

/** Runs `main` of `dir` under the hooks. */
const runIn = (dir, main = 'main.ts') =>
  spawnSync(process.execPath, ['--import', hooks, path.join(dir, main)], {
    encoding: 'utf8',
    env: { ...process.env, NATIVE_TYPESCRIPT_CACHE: transformCache },
  });

/** Writes `files` (relative name → text) into a folder of their own; runs `main` under the hooks. */
const run = (files, main = 'main.ts') => runIn(write(files), main);

const cached = () => readdirSync(transformCache).filter((name) => name.endsWith('.js')).length;

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

  it('runs an edited file as edited, the transform of the old text kept beside it', () => {
    const dir = write({ 'main.ts': "const word: string = 'before';\nconsole.log(word);\n" });
    expect(runIn(dir).stdout).toBe('before\n');
    const before = cached();
    expect(runIn(dir).stdout).toBe('before\n');
    // The second run read the first one's transform: nothing new was written.
    expect(cached()).toBe(before);
    write({ 'main.ts': "const word: string = 'after';\nconsole.log(word);\n" }, dir);
    const edited = runIn(dir);
    expect(edited.stderr).toBe('');
    expect(edited.stdout).toBe('after\n');
    expect(cached()).toBe(before + 1);
  });

  it("resolves a package's own files as Node does: each file's format by its extension or its package's type", () => {
    const result = run({
      'main.ts': "import { esm, cjs, json, plain } from 'pkg';\nconsole.log(esm, cjs, json, plain);\n",
      'node_modules/pkg/package.json': '{ "name": "pkg", "type": "module", "exports": "./index.js" }',
      'node_modules/pkg/index.js': [
        "export { esm } from './lib/esm.js';",
        "import cjs from '../pkg/lib/old.cjs';",
        "import data from './lib/data.json' with { type: 'json' };",
        "export { plain } from 'plain';",
        'export const json = data.word;',
        'export { cjs };',
      ].join('\n'),
      'node_modules/pkg/lib/esm.js': "export const esm = 'esm';",
      'node_modules/pkg/lib/old.cjs': "module.exports = 'cjs';",
      'node_modules/pkg/lib/data.json': '{ "word": "json" }',
      // No `type`: Node tells the format from the source, as without the hooks.
      'node_modules/plain/package.json': '{ "name": "plain", "main": "index.js" }',
      'node_modules/plain/index.js':
        "const { plain } = require('./lib/plain.js');\nmodule.exports = { plain };",
      'node_modules/plain/lib/plain.js': "exports.plain = 'plain';",
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('esm cjs json plain\n');
  });

  it("resolves a CommonJS package's own files the same way, by import and by require", () => {
    const result = run({
      'main.ts': "import { both } from 'old';\nconsole.log(both);\n",
      'node_modules/old/package.json': '{ "name": "old", "type": "commonjs", "main": "index.js" }',
      'node_modules/old/index.js':
        "const a = require('./lib/a.js');\nconst b = require('./lib/b.json');\nexports.both = a + b.word;",
      'node_modules/old/lib/a.js': "module.exports = 'requ';",
      'node_modules/old/lib/b.json': '{ "word": "ired" }',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('required\n');
  });

  it("leaves a package's import of a missing file to Node's error, naming it", () => {
    const result = run({
      'main.ts': "import 'pkg';\n",
      'node_modules/pkg/package.json': '{ "name": "pkg", "type": "module", "exports": "./index.js" }',
      'node_modules/pkg/index.js': "import './gone.js';",
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('gone.js');
  });
});
