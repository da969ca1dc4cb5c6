import { describe, expect, it } from 'vitest';
import { applicationOfPath } from './other-app-redirect';

describe('the application a deep link belongs to', () => {
  const appOfPath = { '/homePage': 'mirror', '/system': 'system', '/system/user': 'system', '/sys': 'other' };

  it('is the application of the menu path itself or of the longest one it lies under', () => {
    expect(applicationOfPath('/system/user', appOfPath)).toBe('system');
    expect(applicationOfPath('/system/user/42', appOfPath)).toBe('system');
    expect(applicationOfPath('/homePage', appOfPath)).toBe('mirror');
  });

  it('is none for a path no menu has, or one that only shares a prefix of letters', () => {
    expect(applicationOfPath('/nowhere', appOfPath)).toBeUndefined();
    expect(applicationOfPath('/systemx', appOfPath)).toBeUndefined();
    expect(applicationOfPath('/system/user', undefined)).toBeUndefined();
  });
});
