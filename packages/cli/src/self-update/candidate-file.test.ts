import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { writeCandidate } from './candidate-file.ts';

describe('a new build written beside the program', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is cut off past its limit (a portal or proxy sending without end), and leaves nothing', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fwportal-candidate-'));
    let sent = 0;
    // Never ends: 64 KiB chunks for as long as they are read.
    const endless = new Readable({
      read() {
        sent += 1;
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    const tooLarge = new CliError(EXIT.verification, 'selfUpdate.tooLarge', { file: 'x', size: '1 MiB' });
    const refusal = await writeCandidate(dir, endless, 0o755, {
      bytes: 1024 * 1024,
      tooLarge: () => tooLarge,
    }).catch((error: unknown) => error);
    expect(refusal).toBe(tooLarge);
    expect(sent).toBeLessThan(40);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps a source of exactly its limit, with its SHA-256', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fwportal-candidate-'));
    const candidate = await writeCandidate(dir, Readable.from([Buffer.from('build')]), 0o755, {
      bytes: 5,
      tooLarge: () => new CliError(EXIT.verification, 'selfUpdate.tooLarge'),
    });
    expect(candidate.size).toBe(5);
    expect(candidate.sha256).toBe('44575cf5b28512d75644bf54a517dcef304ff809fd511747621b4d64f19aac66');
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
