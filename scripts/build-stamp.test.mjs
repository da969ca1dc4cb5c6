import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_TARGETS, hashInputs, isFresh, listInputs, writeStamp } from './build-stamp.mjs';

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

describe("fwportal's executables as npm start builds them", () => {
  const target = BUILD_TARGETS['cli-binaries'];
  const root = path.resolve(import.meta.dirname, '..');
  let savedPath;
  beforeEach(() => {
    savedPath = process.env.PATH;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  it("reads the CLI's and the contract's sources, not their tests", () => {
    const files = listInputs(root, target.inputs, target.skipFile);
    expect(files).toContain('packages/cli/src/main.ts');
    expect(files).toContain('packages/contract/src/cli-builds.ts');
    expect(files.filter((file) => file.includes('.test.'))).toEqual([]);
  });

  it('builds win-x64 only where osslsigncode can sign it, and again once it can', () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-bin-'));
    try {
      process.env.PATH = bin;
      const without = target.extra();
      expect(without).toMatch(/^platforms=linux-x64,linux-arm64$/m);
      expect(target.command[1]).toEqual([
        'packages/cli/build-binaries.mjs',
        '--platforms=linux-x64,linux-arm64',
      ]);
      fs.writeFileSync(path.join(bin, 'osslsigncode'), '#!/bin/sh\n', { mode: 0o755 });
      expect(target.extra()).toMatch(/^platforms=linux-x64,linux-arm64,win-x64$/m);
      expect(target.command[1][1]).toBe('--platforms=linux-x64,linux-arm64,win-x64');
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});
