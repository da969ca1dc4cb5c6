import { describe, expect, it } from 'vitest';
import { isRevoked, nextHeldPages } from './revoked-pages';

const START = {
  userId: 1,
  held: { '/homePage': 'mirror', '/welcome': 'mirror' },
  revoked: new Set<string>(),
};

describe('pages taken away while the console is open', () => {
  it('are the paths held before and not now, until they are granted again', () => {
    const taken = nextHeldPages(START, 1, { '/homePage': 'mirror' });
    expect([...taken.revoked]).toEqual(['/welcome']);
    const other = nextHeldPages(taken, 1, { '/homePage': 'mirror', '/erp_tool': 'mirror' });
    expect([...other.revoked]).toEqual(['/welcome']);
    expect([...nextHeldPages(other, 1, { '/welcome': 'mirror' }).revoked]).toEqual([
      '/homePage',
      '/erp_tool',
    ]);
  });

  it('are none for a new user or the same menus loaded again', () => {
    expect(nextHeldPages(START, 1, START.held)).toBe(START);
    expect([...nextHeldPages(START, 2, { '/homePage': 'mirror' }).revoked]).toEqual([]);
    expect([...nextHeldPages(START, 1, { ...START.held }).revoked]).toEqual([]);
  });

  it('cover the pages below a taken-away path', () => {
    const revoked = new Set(['/system']);
    expect(isRevoked('/system', revoked)).toBe(true);
    expect(isRevoked('/system/user', revoked)).toBe(true);
    expect(isRevoked('/systemx', revoked)).toBe(false);
  });
});
