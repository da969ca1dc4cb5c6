import { describe, expect, it } from 'vitest';
import { toTree } from './flat-tree';

describe('toTree', () => {
  it('nests rows by pid in list order, drops orphans and survives a cycle', () => {
    const rows = [
      { id: 1, pid: 0, name: 'a' },
      { id: 3, pid: 1, name: 'a2' },
      { id: 2, pid: 1, name: 'a1' },
      { id: 4, pid: 9, name: 'orphan' },
      { id: 5, pid: 0, name: 'b' },
      { id: 6, pid: 7, name: 'loop' },
      { id: 7, pid: 6, name: 'loop' },
    ];
    expect(toTree(rows)).toEqual([
      {
        id: 1,
        pid: 0,
        name: 'a',
        children: [
          { id: 3, pid: 1, name: 'a2' },
          { id: 2, pid: 1, name: 'a1' },
        ],
      },
      { id: 5, pid: 0, name: 'b' },
    ]);
  });
});
