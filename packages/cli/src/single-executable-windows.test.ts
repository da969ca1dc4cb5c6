import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseSignedLine } from '@portal/contract/cli-builds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeaWindowsBuild, seaWindowsTestBuild } from './test/sea-builds.ts';

/**
 * The win-x64 single executable: postject's injection would leave node.exe's Authenticode
 * signature broken, so the build removes it first and signs the result with the code-signing
 * certificate it is given (here a PKCS#12 file and its password in the environment, as a release
 * gives its own). `osslsigncode verify` checks the signature against that certificate; a byte
 * changed afterwards fails it.
 *
 * Not run under Wine: Debian's Wine 8.0 starts neither this build nor the stock node.exe of
 * Node.js 24 (V8 stops with "Fatal process out of memory: SegmentedTable::InitializeTable").
 */
type Run = { code: number; stdout: string };
const osslsigncode = (args: string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile('osslsigncode', args, { maxBuffer: 4 * 1024 * 1024 }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout }),
    );
  });

const hasOsslsigncode = await new Promise<boolean>((resolve) =>
  execFile('osslsigncode', ['--version'], (error) => resolve(!error)),
);

let build: SeaWindowsBuild;
let scratch: string;

describe.skipIf(!hasOsslsigncode)('the win-x64 single executable (needs osslsigncode)', () => {
  beforeAll(async () => {
    build = await seaWindowsTestBuild();
    scratch = mkdtempSync(path.join(tmpdir(), 'fwportal-win-'));
  }, 900_000);
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('is Authenticode-signed with the certificate given to the build', async () => {
    const checked = await osslsigncode(['verify', '-CAfile', build.certificate, '-in', build.exe]);
    expect(checked.stdout).toContain('Subject: /O=fwportal tests/CN=fwportal test code signing');
    expect(checked.stdout).toContain('Signature verification: ok');
    expect(checked.stdout).not.toContain('MISMATCH');
    expect(checked.code, checked.stdout).toBe(0);
  });

  it('fails the check once a byte of it is changed', async () => {
    const copy = path.join(scratch, path.basename(build.exe));
    copyFileSync(build.exe, copy);
    const bytes = readFileSync(copy);
    // In the middle of the file: Node's code, covered by the signed digest.
    const at = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
    writeFileSync(copy, bytes);
    const checked = await osslsigncode(['verify', '-CAfile', build.certificate, '-in', copy]);
    expect(checked.stdout).toContain('MISMATCH');
    expect(checked.code).not.toBe(0);
  });

  it('carries the release signature over the signed executable, with the release key beside it', () => {
    const bytes = readFileSync(build.exe);
    const line = releaseSignedLine(
      createHash('sha256').update(bytes).digest('hex'),
      path.basename(build.exe),
    );
    // SHA256SUMS lists the executable, the third-party notices and the relink kit beside it.
    const besideLine = (name: string) =>
      releaseSignedLine(
        createHash('sha256')
          .update(readFileSync(path.join(path.dirname(build.exe), name)))
          .digest('hex'),
        name,
      );
    const kit = path.basename(build.exe).replace(/-win-x64\.exe$/, '-relink.tar.gz');
    expect(readFileSync(build.sums, 'utf8')).toBe(
      [line, besideLine('THIRD-PARTY-NOTICES.txt'), besideLine(kit)]
        .sort((a, b) => a.slice(66).localeCompare(b.slice(66)))
        .join(''),
    );
    const releaseKey = createPublicKey(
      readFileSync(path.join(path.dirname(build.exe), 'release-ed25519.pub.pem')),
    );
    expect(verify(null, Buffer.from(line), releaseKey, readFileSync(`${build.exe}.sig`))).toBe(true);
  });
});
