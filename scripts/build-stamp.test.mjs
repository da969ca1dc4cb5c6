import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashInputs, isFresh, listInputs, writeStamp } from './build-stamp.mjs';

describe('build stamps: a restart builds only what changed', () => {
  let root;
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const inputs = ['app/src', 'package-lock.json'];
  const skipFile = (file) => file.endsWith('.test.ts');
  const outputs = ['app/dist/index.html'];
  const state = () => ({
    root,
    stampFile: path.join(root, '.tmp/stamp.json'),
    hash: hashInputs(root, inputs, { skipFile }),
    outputs,
  });
  /** A build: the output written, then the stamp of the sources it was built from. */
  const build = () => {
    write('app/dist/index.html', `<html>${Date.now()}</html>`);
    writeStamp(state());
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    write('app/src/main.ts', 'export const a = 1;\n');
    write('app/src/main.test.ts', 'test\n');
    write('app/node_modules/x/index.js', 'x\n');
    write('package-lock.json', '{}\n');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lists the sources, not installed packages, outputs or skipped files', () => {
    write('app/src/dist/old.js', 'x');
    expect(listInputs(root, inputs, skipFile)).toEqual(['app/src/main.ts', 'package-lock.json']);
  });

  it('is not fresh before the first build, and fresh after it while nothing changes', () => {
    expect(isFresh(state())).toBe(false);
    build();
    expect(isFresh(state())).toBe(true);
  });

  it('builds again when a source, the lockfile or a new file changes the hash', () => {
    build();
    write('app/src/main.ts', 'export const a = 2;\n');
    expect(isFresh(state())).toBe(false);
    build();
    write('package-lock.json', '{"lockfileVersion":3}\n');
    expect(isFresh(state())).toBe(false);
    build();
    write('app/src/added.ts', '\n');
    expect(isFresh(state())).toBe(false);
  });

  it('ignores a change to a test file or an installed package', () => {
    build();
    write('app/src/main.test.ts', 'another test\n');
    write('app/node_modules/x/index.js', 'y\n');
    expect(isFresh(state())).toBe(true);
  });

  it('builds again when the output is missing or was rewritten by another build', () => {
    build();
    fs.rmSync(path.join(root, 'app/dist'), { recursive: true });
    expect(isFresh(state())).toBe(false);
    build();
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'app/dist/index.html'), later, later);
    expect(isFresh(state())).toBe(false);
  });

  it('takes the environment the build reads into the hash', () => {
    expect(hashInputs(root, inputs, { extra: 'VITE_A=1' })).not.toBe(hashInputs(root, inputs, { extra: '' }));
  });

  it('treats an unreadable stamp as no build', () => {
    build();
    fs.writeFileSync(path.join(root, '.tmp/stamp.json'), '{not json');
    expect(isFresh(state())).toBe(false);
  });
});
