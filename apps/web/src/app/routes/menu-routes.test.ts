import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageLocation } from './menu-routes';

const location = (pathname: string, search = ''): Location => ({
  pathname,
  search,
  hash: '',
  state: null,
  key: 'k',
});

describe('pageLocation', () => {
  it('is the current location for the page in front, and without multi-tab', () => {
    const here = location('/list', '?kind=BMC');
    expect(pageLocation(here, '/list?kind=BMC')).toBe(here);
    expect(pageLocation(here, null)).toBe(here);
  });

  it('is its own tab for a page behind another tab, of the same path too', () => {
    expect(pageLocation(location('/list', '?kind=BMC'), '/list?kind=BIOS&q=M6')).toBe('/list?kind=BIOS&q=M6');
    expect(pageLocation(location('/welcome'), '/list')).toBe('/list');
  });
});
