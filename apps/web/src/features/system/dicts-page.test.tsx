import type { DictTypeRow } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { DictsPage } from './dicts-page';

const INDUSTRY: DictTypeRow = {
  id: 3,
  code: 'industry',
  nameZh: '行业',
  nameEn: 'Industry',
  sort: 1,
  valueCount: 2,
};

setUpEachTest({ namespaces: ['system'] });

describe('DictsPage', () => {
  it("announces a failed load of the chosen type's values with the server's message", async () => {
    stubFetch({
      '/api/sysDictType/list': () => okResponse([INDUSTRY]),
      '/api/sysDictType/3/values': () =>
        envelopeResponse({ code: 1016002, message: 'The dictionary store is offline' }, 500),
    });
    renderWithProviders(<DictsPage title="Dictionaries" />, { path: '/' });
    fireEvent.click(await within(await screen.findByTestId('dict-types-table')).findByText('industry'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The values of this type could not be loaded');
    expect(alert.textContent).toContain('The dictionary store is offline');
  });

  it("announces a failed load of the dictionary types with the server's message", async () => {
    stubFetch({
      '/api/sysDictType/list': () =>
        envelopeResponse({ code: 1016002, message: 'No access to dictionaries' }, 403),
    });
    renderWithProviders(<DictsPage title="Dictionaries" />, { path: '/' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The dictionary types could not be loaded');
    expect(alert.textContent).toContain('No access to dictionaries');
  });
});
