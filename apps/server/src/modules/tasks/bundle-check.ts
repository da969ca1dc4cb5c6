import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** Bundle checks shared by the server tests and the browser test (no server test helpers here). */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, by path relative to it (directories walked). */
function filesUnder(dir: string, sub = '', into = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) filesUnder(dir, rel, into);
    else into.set(rel, fs.readFileSync(path.join(dir, rel)));
  }
  return into;
}

/** Writes `bytes` to a scratch folder, runs `extract(file, out)`, answers what it extracted. */
function extractWith(bytes: Buffer, extract: (file: string, out: string) => void): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
  try {
    const file = path.join(dir, 'archive');
    const out = path.join(dir, 'out');
    fs.writeFileSync(file, bytes);
    fs.mkdirSync(out);
    extract(file, out);
    return filesUnder(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A tar bundle read by the system's GNU tar, as a customer's machine reads it (not by a reader
 * of ours that could share a bug with the writer): `tar -t` must list it, `tar -x` extract it.
 */
export function readTar(archive: Buffer): Map<string, Buffer> {
  return extractWith(archive, (file, out) => {
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    execFileSync('tar', ['-xf', file, '-C', out], { stdio: 'ignore' });
    const extracted = filesUnder(out);
    expect([...extracted.keys()].sort(), 'tar -t lists what tar -x extracts').toEqual(
      listed.filter((name) => !name.endsWith('/')).sort(),
    );
  });
}

/** An ISO image read by xorriso (Rock Ridge names), as a customer's tools read it. */
export function readIso(iso: Buffer): Map<string, Buffer> {
  return extractWith(iso, (file, out) => {
    execFileSync('xorriso', ['-osirrox', 'on', '-indev', file, '-extract', '/', out], { stdio: 'ignore' });
  });
}

/** Checks every `<sha256>  <path>` line of a SHA256SUMS against the bytes it names. */
export function verifySums(sums: string, files: Map<string, Buffer>): string[] {
  const lines = sums.trim().split('\n');
  for (const line of lines) {
    const [hash, name] = line.split(/ {2}/);
    const bytes = files.get(name ?? '');
    expect(bytes, `${name} is in the archive`).toBeDefined();
    expect(sha256(bytes ?? Buffer.alloc(0)), name).toBe(hash);
  }
  return lines.map((line) => line.split(/ {2}/)[1] ?? '');
}
