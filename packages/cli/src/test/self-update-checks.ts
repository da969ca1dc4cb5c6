import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { current, type SeaHarness, sha256 } from './sea-harness.ts';

/**
 * After a refused self-update: the installed program is the bytes it was, nothing half-written
 * is left beside it, and it still runs as the current build.
 */
export async function expectUntouched(sea: SeaHarness, original: string) {
  expect(sha256(sea.program)).toBe(original);
  expect(readdirSync(path.dirname(sea.program))).toEqual(['fwportal']);
  expect((await sea.fwportal(['--version'])).stdout).toContain(`fwportal ${current} `);
}
