import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import type { MirrorIndex } from './mirror/mirror-layout.ts';
import {
  indexOf,
  type MirrorFixture,
  readJson,
  sha256Of,
  startMirrorFixture,
} from './test/mirror-fixture.ts';
import { runCli } from './test/run-cli.ts';

/*
 * A mirror folder changed behind fwportal's back (a planted link, a rewritten index): split from
 * mirror.test.ts, which keeps syncing, pruning, a power loss and a killed run.
 */
let mirror: MirrorFixture;
let home: string;
let env: NodeJS.ProcessEnv;
const work = () => mirror.work();
const sync = (...args: Parameters<MirrorFixture['sync']>) => mirror.sync(...args);

beforeAll(async () => {
  mirror = await startMirrorFixture();
  ({ home, env } = mirror);
});
afterAll(async () => {
  await mirror?.portal.close();
});

describe('a mirror folder someone tampered with', () => {
  it('refuses an index whose paths leave the mirror, and reads nothing there', async () => {
    const out = work();
    const run = await sync(out, ['--kinds', 'PSU']);
    expect(run.code).toBe(EXIT.ok);
    const file = path.join(out, 'snapshots', run.result?.snapshot ?? '', 'index.json');
    const index = readJson<MirrorIndex>(file);
    const [one, two] = index.firmware;
    if (!one || !two) throw new Error('two PSU releases expected');
    one.path = `../../${one.fileName}`;
    two.path = path.join(home, 'fwportal', 'config.json');
    writeFileSync(file, JSON.stringify(index));
    const verify = await runCli(['mirror', 'verify', out], env);
    expect(verify.code).toBe(EXIT.verification);
    expect(verify.stdout).toContain(`FAILED  ../../${one.fileName}: not a path this mirror can hold`);
    expect(verify.stdout).toContain(`FAILED  ${two.path}: not a path this mirror can hold`);
  });

  it('fails a file whose entry is not in the portal signed manifest', async () => {
    const out = work();
    const run = await sync(out, ['--kinds', 'CPLD']);
    const file = path.join(out, 'snapshots', run.result?.snapshot ?? '', 'index.json');
    const index = readJson<MirrorIndex>(file);
    const forged = randomBytes(100);
    const sha256 = sha256Of(forged);
    const entry = {
      ...index.firmware[0]!,
      sha256,
      size: 100,
      path: `pool/${sha256.slice(0, 2)}/${sha256}/evil.bin`,
    };
    entry.fileName = 'evil.bin';
    mkdirSync(path.join(out, 'pool', sha256.slice(0, 2), sha256), { recursive: true });
    writeFileSync(path.join(out, entry.path), forged);
    index.firmware.push(entry);
    writeFileSync(file, JSON.stringify(index));
    const verify = await runCli(['mirror', 'verify', out], env);
    expect(verify.code).toBe(EXIT.verification);
    expect(verify.stdout).toContain(`FAILED  ${entry.path}: not in the portal's signed manifest`);
  });

  it('never reads through a folder of the pool that became a link', async () => {
    const out = work();
    const run = await sync(out, ['--kinds', 'NIC']);
    const [file] = indexOf(out, run.result?.snapshot ?? '').firmware;
    if (!file) throw new Error('a NIC release expected');
    const pair = path.join(out, 'pool', file.sha256.slice(0, 2));
    const moved = path.join(home, `moved-${randomBytes(3).toString('hex')}`);
    renameSync(pair, moved);
    symlinkSync(moved, pair);
    const verify = await runCli(['mirror', 'verify', out], env);
    expect(verify.code).toBe(EXIT.verification);
    expect(verify.stdout).toContain(`FAILED  ${file.path}: not a plain file`);
  });

  it('never deletes through a link planted for its snapshots folder when pruning', async () => {
    const out = work();
    for (const name of ['s1', 's2'])
      expect((await sync(out, ['--kinds', 'PSU', '--snapshot', name])).code).toBe(EXIT.ok);
    // Someone else's folder named as the old snapshot, reached through `snapshots` made a link.
    const victim = path.join(home, `victim-${randomBytes(3).toString('hex')}`);
    renameSync(path.join(out, 'snapshots'), victim);
    mkdirSync(path.join(victim, 's1', 'documents'), { recursive: true });
    writeFileSync(path.join(victim, 's1', 'documents', 'keep.txt'), 'mine');
    symlinkSync(victim, path.join(out, 'snapshots'));
    const run = await runCli(['mirror', 'prune', out, '--keep', '1'], env);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain(path.join(out, 'snapshots'));
    expect(readFileSync(path.join(victim, 's1', 'documents', 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('removes what a killed prune moved aside, never what a link of that name leads to', async () => {
    const out = work();
    for (const name of ['s1', 's2'])
      expect((await sync(out, ['--kinds', 'PSU', '--snapshot', name])).code).toBe(EXIT.ok);
    // A prune killed between moving a snapshot aside and deleting it.
    const leftover = path.join(out, '.prune-0123456789ab');
    mkdirSync(path.join(leftover, 'documents'), { recursive: true });
    writeFileSync(path.join(leftover, 'documents', 'old.json'), '{}');
    // And a link of the same shape to someone else's folder.
    const victim = path.join(home, `victim-${randomBytes(3).toString('hex')}`);
    mkdirSync(victim);
    writeFileSync(path.join(victim, 'keep.txt'), 'mine');
    symlinkSync(victim, path.join(out, '.prune-abcdefabcdef'));
    const run = await runCli(['mirror', 'prune', out, '--keep', '1'], env);
    expect(run.code).toBe(EXIT.ok);
    expect(existsSync(leftover)).toBe(false);
    expect(readFileSync(path.join(victim, 'keep.txt'), 'utf8')).toBe('mine');
    expect((await runCli(['mirror', 'verify', out], env)).code).toBe(EXIT.ok);
  });

  it('never writes through a link planted in the pool', async () => {
    const out = work();
    const outside = path.join(home, `outside-${randomBytes(3).toString('hex')}`);
    mkdirSync(outside);
    mkdirSync(path.join(out, 'pool'), { recursive: true });
    // Every two-digit folder the RAID files could land in points outside.
    for (let n = 0; n < 256; n += 1)
      symlinkSync(outside, path.join(out, 'pool', n.toString(16).padStart(2, '0')));
    const run = await sync(out, ['--kinds', 'RAID']);
    expect(run.code).toBe(EXIT.error);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(out, 'mirror.json'))).toBe(false);
  });
});
