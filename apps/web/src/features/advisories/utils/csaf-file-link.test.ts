import { describe, expect, it } from 'vitest';
import { fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { csafFileUrl, isCsafFile } from './csaf-file-link';

const PATH = '/.well-known/csaf/green/2026/pfw-2026-0002.json';

describe('csafFileUrl', () => {
  it("asks for a ticket of this advisory and puts it in the address of the file, beside the document's name", async () => {
    const fetchStub = stubFetch({
      '/api/advisories/PFW-2026-0002/csaf/ticket': (_url, init) => {
        expect(init.method).toBe('POST');
        return okResponse({
          url: `${PATH}?ticket=abc_-1`,
          ticket: 'abc_-1',
          expiresAt: '2026-01-01T00:05:00Z',
        });
      },
    });
    expect(await csafFileUrl('PFW-2026-0002', 'sha512')).toBe(`${PATH}.sha512?ticket=abc_-1`);
    expect(await csafFileUrl('PFW-2026-0002', 'asc')).toBe(`${PATH}.asc?ticket=abc_-1`);
    expect(await csafFileUrl('PFW-2026-0002', 'json')).toBe(`${PATH}?ticket=abc_-1`);
    expect(fetchedPaths(fetchStub)).toEqual(Array(3).fill('/api/advisories/PFW-2026-0002/csaf/ticket'));
  });

  it('knows the four files of a CSAF document only', () => {
    expect(['json', 'asc', 'sha256', 'sha512'].every((file) => isCsafFile(file))).toBe(true);
    expect(isCsafFile('pdf')).toBe(false);
    expect(isCsafFile(undefined)).toBe(false);
  });
});
