import type { Art14Case } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { Art14Page } from './art14-page';

setUpEachTest({ namespaces: ['psirt'] });

const CASE: Art14Case = {
  id: 4,
  advisoryPk: 11,
  advisoryId: 'PFW-2026-0007',
  titleZh: 'BMC 远程代码执行',
  titleEn: 'BMC remote code execution',
  severity: 'CRITICAL',
  cves: ['CVE-2026-55555'],
  kind: 'exploitedVulnerability',
  awareAt: '2026-11-02T08:00:00.000Z',
  exploitNature: 'In the wild',
  correctiveMeasures: '',
  memberStates: ['DE'],
  suspectedMalicious: null,
  fixAvailableAt: null,
  customersNotifiedAt: null,
  stages: [
    { stage: 'earlyWarning', dueAt: '2026-11-03T08:00:00.000Z', submittedAt: null, state: 'overdue' },
    { stage: 'notification', dueAt: '2026-11-05T08:00:00.000Z', submittedAt: null, state: 'dueSoon' },
    { stage: 'finalReport', dueAt: null, submittedAt: null, state: 'waitingForFix' },
  ],
  submissions: [],
  createdBy: 'psirt1',
  createTime: '2026-11-02T09:00:00.000Z',
};

describe('Art14Page', () => {
  it('shows each deadline in words, overdue with its own icon besides the colour', async () => {
    stubFetch({ '/api/staff/psirt/art14': () => okResponse([CASE]) });
    renderWithProviders(<Art14Page title="CRA reporting" />, { path: '/system/psirt' });
    const overdue = await screen.findByTestId('art14-PFW-2026-0007-earlyWarning');
    expect(overdue.getAttribute('data-state')).toBe('overdue');
    expect(overdue.textContent).toMatch(/^Early warningOverdue: was due 2026-11-0\d/);
    expect(overdue.querySelector('[aria-label="exclamation-circle"]')).not.toBeNull();
    expect(screen.getByTestId('art14-PFW-2026-0007-notification').textContent).toContain('Due soon:');
    expect(screen.getByTestId('art14-PFW-2026-0007-finalReport').textContent).toContain(
      '14 days after a fix is available',
    );
    expect(screen.getByTestId('art14-table').textContent).toContain('No fix yet');
  });

  it('records a submission with the platform reference', async () => {
    let body: unknown;
    stubFetch({
      '/api/staff/psirt/art14': () => okResponse([CASE]),
      '/api/staff/psirt/art14/4/submissions': (_url, init) => {
        body = JSON.parse(String(init.body));
        return okResponse(CASE);
      },
    });
    renderWithProviders(<Art14Page title="CRA reporting" />, { path: '/system/psirt' });
    const actions = await screen.findByTestId('art14-actions-PFW-2026-0007');
    fireEvent.click(within(actions).getByTestId('art14-submit'));
    fireEvent.change(await screen.findByTestId('art14-submission-reference'), {
      target: { value: 'ENISA-42' },
    });
    fireEvent.click(screen.getByTestId('art14-submission-save'));
    await waitFor(() => expect(body).toMatchObject({ stage: 'earlyWarning', reference: 'ENISA-42' }));
  });

  it('exports the next report as printable text', async () => {
    stubFetch({
      '/api/staff/psirt/art14': () => okResponse([CASE]),
      '/api/staff/psirt/art14/4/export': (url) =>
        okResponse({
          content: {
            format: 'fwportal-cra-art14/1',
            stage: url.searchParams.get('stage'),
            kind: 'exploitedVulnerability',
            generatedAt: '2026-11-02T10:00:00.000Z',
            dueAt: null,
            manufacturer: { name: 'PSIRT', contact: 'mailto:psirt@example.com' },
            advisory: { id: CASE.advisoryId, title: CASE.titleEn, url: 'https://portal.example/x' },
            awareAt: CASE.awareAt,
            products: [],
            vulnerabilities: [],
            severity: 'CRITICAL',
            memberStates: [],
            suspectedMalicious: null,
            natureOfExploit: null,
            correctiveMeasures: null,
            fixAvailableAt: null,
            customersNotifiedAt: null,
            previousSubmissions: [],
          },
          text: `Early warning (CRA Art. 14)\n${url.searchParams.get('stage')}`,
          fileName: 'pfw-2026-0007-art14-earlyWarning.json',
        }),
    });
    renderWithProviders(<Art14Page title="CRA reporting" />, { path: '/system/psirt' });
    fireEvent.click(
      within(await screen.findByTestId('art14-actions-PFW-2026-0007')).getByTestId('art14-export'),
    );
    const text = await screen.findByTestId('art14-export-text');
    await waitFor(() => expect(text.textContent).toContain('earlyWarning'));
  });
});
