import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildVersionRow } from '../test-data';
import { FirmwareBrowser } from './firmware-browser';

setUpEachTest({ namespaces: ['catalog'] });

const open = (model: string) => {
  stubFetch({
    '/api/catalog/models': () =>
      okResponse([
        { id: 1, code: 'M7-2U', family: 'M7', name: '2U server', securitySupportEnd: '2031-12' },
        { id: 2, code: 'M6-1U', family: 'M6', name: '1U server', securitySupportEnd: null },
      ]),
    '/api/catalog/versions': () => okResponse({ rows: [buildVersionRow()], totalRows: 1, pageNo: 1 }),
  });
  renderWithProviders(<FirmwareBrowser onOpen={() => {}} />, {
    path: '/fw',
    initialEntry: `/fw?model=${model}`,
  });
};

describe("a model's end of security support on its firmware page (issue 43 §4)", () => {
  it('names the month in words, never the raw YYYY-MM', async () => {
    open('M7-2U');
    const note = await screen.findByTestId('support-end-note');
    expect(note.textContent).toContain('Security fixes for M7-2U until the end of December 2031');
    expect(note.textContent).not.toContain('2031-12');
  });

  it('says when it is not announced yet', async () => {
    open('M6-1U');
    expect((await screen.findByTestId('support-end-note')).textContent).toContain('not announced yet');
  });
});
