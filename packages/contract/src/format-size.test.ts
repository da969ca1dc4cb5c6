import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('uses binary units with at most one decimal', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatSize(3 * 1024 ** 5)).toBe('3072 TB');
  });

  it('gives 0 B for nonsense', () => {
    expect(formatSize(-1)).toBe('0 B');
    expect(formatSize(Number.NaN)).toBe('0 B');
  });
});

describe('formatSize on what the portal serves', () => {
  it('reads a firmware image as megabytes, never as a raw byte count', () => {
    expect(formatSize(11_655_168)).toBe('11.1 MB');
    expect(formatSize(3_147_296)).toBe('3 MB');
  });
});
