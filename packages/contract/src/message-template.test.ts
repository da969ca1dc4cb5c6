import { describe, expect, it } from 'vitest';
import { fillMessage, placeholdersOf } from './message-template';

describe('fillMessage', () => {
  it('fills values and picks the word each number takes in English', () => {
    const template = '{count} {count:file|files} in {snapshots} {snapshots:snapshot|snapshots}';
    expect(fillMessage(template, { count: 1, snapshots: 3 }, 'en-US')).toBe('1 file in 3 snapshots');
    expect(fillMessage(template, { count: 0, snapshots: 1 }, 'en-US')).toBe('0 files in 1 snapshot');
  });

  it('takes a number given as text, and leaves a placeholder without a value as written', () => {
    expect(fillMessage('{n} {n:advisory|advisories}, {missing}', { n: '1' }, 'en-US')).toBe(
      '1 advisory, {missing}',
    );
  });

  it('makes values printable, never the words it chose', () => {
    const hideQuotes = (value: string) => value.replaceAll('"', '?');
    expect(fillMessage('{name}: {n} {n:"item"|"items"}', { name: 'a"b', n: 2 }, 'en-US', hideQuotes)).toBe(
      'a?b: 2 "items"',
    );
  });

  it('names the placeholders a message fills, not its choices of word', () => {
    expect(placeholdersOf('{count} {count:file|files}, {bytes}')).toEqual(['count', 'bytes']);
  });
});
