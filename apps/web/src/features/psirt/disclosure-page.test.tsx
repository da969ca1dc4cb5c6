import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { DisclosurePage } from './disclosure-page';

setUpEachTest({ namespaces: ['psirt'] });

const KEY = {
  fingerprint: 'ABCD1234ABCD1234ABCD1234ABCD1234ABCD1234',
  url: 'https://portal.example/.well-known/psirt-openpgp.asc',
  armoredKey: '-----BEGIN PGP PUBLIC KEY BLOCK-----',
};

describe('DisclosurePage', () => {
  it('shows the policy with the key and sends a report, naming its reference', async () => {
    let sent: unknown;
    stubFetch({
      '/api/config': () => okResponse({ captchaEnabled: false, portalName: 'Portal' }),
      '/api/psirt/encryption-key': () => okResponse(KEY),
      '/api/psirt/reports': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return okResponse({ reference: 'VR-ABCDEFGH23' });
      },
    });
    renderWithProviders(<DisclosurePage />, { path: '/security/disclosure' });
    expect(
      await screen.findByRole('heading', { name: 'Coordinated vulnerability disclosure policy' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('psirt-key-link')).getAttribute('href')).toBe(KEY.url);
    expect(screen.getByTestId('psirt-key-fingerprint').textContent).toBe(
      'ABCD 1234 ABCD 1234 ABCD 1234 ABCD 1234 ABCD 1234',
    );
    const fill = (id: string, value: string) =>
      fireEvent.change(screen.getByTestId(id), { target: { value } });
    fill('report-name', 'Finder');
    fill('report-email', 'finder@example.com');
    fill('report-product', 'M7-2U BMC 4.0.1');
    fill('report-summary', 'Overflow');
    fill('report-body', 'Steps');
    await waitFor(() => expect(screen.getByTestId('report-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-sent')).textContent).toContain('VR-ABCDEFGH23');
    expect(sent).toEqual({
      name: 'Finder',
      email: 'finder@example.com',
      product: 'M7-2U BMC 4.0.1',
      summary: 'Overflow',
      body: 'Steps',
      encrypted: false,
    });
  });
});
