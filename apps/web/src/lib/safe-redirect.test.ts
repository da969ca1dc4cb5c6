import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it.each(['/homePage', '/mirror/custmirrordownload?sn=1&pn=2', '/a#b'])(
    'keeps same-site path %s',
    (path) => {
      expect(safeRedirectTarget(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'homePage',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('rejects %s', (value) => {
    expect(safeRedirectTarget(value)).toBeUndefined();
  });
});

describe('afterSignInPath', () => {
  it('returns a safe redirect', () => {
    expect(afterSignInPath('/mirror/custmirrordownload?a=1')).toBe('/mirror/custmirrordownload?a=1');
  });

  it.each([null, 'https://evil.example', '/user/login', '/user/login?redirect=%2FhomePage', '/user'])(
    'falls back to the root (the first menu page) for %s',
    (redirect) => {
      expect(afterSignInPath(redirect)).toBe('/');
    },
  );
});
