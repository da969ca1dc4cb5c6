import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { CsafFileLink } from './csaf-file-link';

const PATH = '/.well-known/csaf/green/2026/pfw-2026-0002.json';

const render = (tlp: 'WHITE' | 'GREEN' | 'AMBER') =>
  renderWithProviders(
    <CsafFileLink advisoryId="PFW-2026-0002" tlp={tlp} file="sha256" path={`${PATH}.sha256`} testId="link">
      SHA-256
    </CsafFileLink>,
    { path: '/security/advisories/*', initialEntry: '/security/advisories/PFW-2026-0002' },
  );

describe('CsafFileLink', () => {
  it.each(['GREEN', 'AMBER'] as const)(
    'links a TLP:%s file to the console page that opens it, asking for no ticket in the page',
    (tlp) => {
      const fetchStub = stubFetch({});
      const { container } = render(tlp);
      expect(screen.getByTestId('link').getAttribute('href')).toBe(
        '/security/advisories/PFW-2026-0002/csaf/sha256',
      );
      expect(container.innerHTML).not.toContain('ticket');
      expect(fetchStub).not.toHaveBeenCalled();
    },
  );

  it('links a public (TLP:WHITE) file to the file itself', () => {
    render('WHITE');
    expect(screen.getByTestId('link').getAttribute('href')).toBe(`${PATH}.sha256`);
  });
});
