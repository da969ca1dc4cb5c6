import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { SupportPeriodsModal } from './support-periods-modal';

setUpEachTest({ namespaces: ['psirt'] });

describe('SupportPeriodsModal', () => {
  it("shows each model's end of security support as a month to pick, or that none is announced", async () => {
    stubFetch({
      '/api/staff/models/support': () =>
        okResponse([
          { id: 1, code: 'M7-2U', name: 'M7 2U rack server', securitySupportEnd: '2031-12' },
          { id: 2, code: 'M6-1U', name: 'M6 1U rack server', securitySupportEnd: null },
        ]),
    });
    renderWithProviders(<SupportPeriodsModal onClose={() => {}} />, { path: '/system/publishing' });
    const table = await screen.findByTestId('support-periods-table');
    const m7 = await within(table).findByRole('textbox', { name: 'End of security support of M7-2U' });
    expect((m7 as HTMLInputElement).value).toBe('2031-12');
    const m6 = within(table).getByRole('textbox', { name: 'End of security support of M6-1U' });
    expect((m6 as HTMLInputElement).value).toBe('');
    expect(m6.getAttribute('placeholder')).toBe('Not announced');
  });
});
