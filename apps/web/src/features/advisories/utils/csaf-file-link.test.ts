import { describe, expect, it } from 'vitest';
import { fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { csafFileUrl } from './csaf-file-link';

const PATH = '/.well-known/csaf/green/2026/pfw-2026-0002.json';

describe('csafFileUrl', () => {
  it('asks for a ticket of this advisory for a GREEN or AMBER file and puts it in the address', async () => {
    const fetchStub = stubFetch({
      '/api/advisories/PFW-2026-0002/csaf/ticket': (_url, init) => {
        expect(init.method).toBe('POST');
        return okResponse({ url: `${PATH}?ticket=abc`, ticket: 'abc_-1', expiresAt: '2026-01-01T00:05:00Z' });
      },
    });
    expect(await csafFileUrl('PFW-2026-0002', `${PATH}.sha512`, 'GREEN')).toBe(
      `${PATH}.sha512?ticket=abc_-1`,
    );
    expect(await csafFileUrl('PFW-2026-0002', PATH, 'AMBER')).toBe(`${PATH}?ticket=abc_-1`);
    expect(fetchedPaths(fetchStub)).toEqual([
      '/api/advisories/PFW-2026-0002/csaf/ticket',
      '/api/advisories/PFW-2026-0002/csaf/ticket',
    ]);
  });

  it('leaves a public (TLP:WHITE) file as its plain path, asking nothing', async () => {
    const fetchStub = stubFetch({});
    expect(await csafFileUrl('PFW-2026-0001', '/.well-known/csaf/white/2026/a.json', 'WHITE')).toBe(
      '/.well-known/csaf/white/2026/a.json',
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
