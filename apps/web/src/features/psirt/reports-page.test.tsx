import type { VulnerabilityReport } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ReportsPage } from './reports-page';

setUpEachTest({ namespaces: ['psirt'] });

const REPORT: VulnerabilityReport = {
  id: 3,
  reference: 'VR-ABCDEFGH23',
  reporterName: 'Finder',
  reporterEmail: 'finder@example.com',
  product: 'M7-2U BMC',
  summary: 'Overflow',
  body: '<img src=x onerror=alert(1)><script>alert(2)</script>',
  encrypted: false,
  locale: 'en-US',
  status: 'new',
  staffNote: '',
  advisoryPk: null,
  acknowledgedAt: '2026-11-02T10:00:00.000Z',
  createTime: '2026-11-02T10:00:00.000Z',
  updateTime: '2026-11-02T10:00:00.000Z',
};

describe('ReportsPage', () => {
  it("lists reports by status in words and shows a report's text as text, never markup", async () => {
    stubFetch({
      '/api/staff/psirt/reports': () => okResponse({ rows: [REPORT], totalRows: 1, pageNo: 1 }),
    });
    renderWithProviders(<ReportsPage title="Vulnerability reports" />, { path: '/system/psirt-reports' });
    expect((await screen.findByTestId('report-status-VR-ABCDEFGH23')).textContent).toBe('New');
    fireEvent.click(within(screen.getByTestId('report-actions-VR-ABCDEFGH23')).getByTestId('report-open'));
    const body = await screen.findByTestId('report-body-text');
    expect(body.textContent).toBe(REPORT.body);
    expect(body.querySelector('img, script')).toBeNull();
  });

  it('decrypts an encrypted report on demand for the PSIRT and shows its text as text', async () => {
    const armour = '-----BEGIN PGP MESSAGE-----\n\nwV4D\n-----END PGP MESSAGE-----';
    let asked = 0;
    stubFetch({
      '/api/staff/psirt/reports': () =>
        okResponse({ rows: [{ ...REPORT, encrypted: true, body: armour }], totalRows: 1, pageNo: 1 }),
      '/api/staff/psirt/reports/3/decrypt': () => {
        asked += 1;
        return okResponse({ text: 'Secret <b>steps</b>' });
      },
    });
    renderWithProviders(<ReportsPage title="Vulnerability reports" />, { path: '/system/psirt-reports' });
    fireEvent.click(
      within(await screen.findByTestId('report-actions-VR-ABCDEFGH23')).getByTestId('report-open'),
    );
    expect((await screen.findByTestId('report-body-text')).textContent).toBe(armour);
    expect(asked).toBe(0);
    fireEvent.click(screen.getByTestId('report-decrypt'));
    const text = await screen.findByTestId('report-plaintext');
    expect(text.textContent).toBe('Secret <b>steps</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(asked).toBe(1);
  });
});
