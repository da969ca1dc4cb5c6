import { ADVISORY_PERMISSIONS } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { listAnswer, openPage } from './staff-advisories-page-fixture';
import { buildStaffAdvisoryDetail } from './test-data';

// Split from staff-advisories-review.test.tsx: editing and saving the working copy (the empty form's
// messages, the live CVSS score, the fixed versions). Approving and rejecting stay there.

setUpEachTest({ namespaces: ['advisories'] });

describe('StaffAdvisoriesPage (editing the working copy)', () => {
  it('says which field is missing when an empty form is saved, not "Please fill this in" for each', async () => {
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/catalog/models': () => okResponse([]),
      '/api/staff/advisories/fix-candidates': () => okResponse([]),
    });
    openPage([ADVISORY_PERMISSIONS.write]);
    fireEvent.click(await screen.findByTestId('advisory-new'));
    fireEvent.click(await screen.findByTestId('advisory-save'));
    const messages = async () =>
      [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
    await waitFor(async () => expect((await messages()).length).toBeGreaterThanOrEqual(8));
    const shown = await messages();
    expect(shown).toEqual(
      expect.arrayContaining([
        'Enter the Chinese title',
        'Enter the English title',
        'Enter the Chinese summary',
        'Enter the English summary',
        'Enter the CVE ID',
        'Enter the CVSS 3.1 vector',
        'Choose the server model',
        'Enter the version that fixes it',
      ]),
    );
    expect(shown).not.toContain('Please fill this in');
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('edits the working copy with a live CVSS score and saves it', async () => {
    let saved: unknown;
    let candidatesAsked: string | undefined;
    const nic = { itemCode: 'NIC-FW', itemNameZh: '网卡固件', itemNameEn: 'NIC firmware', kind: 'NIC' };
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/staff/advisories/3': (_url, init) => {
        if (init.method === 'PUT') saved = JSON.parse(String(init.body));
        return okResponse(
          buildStaffAdvisoryDetail({
            input: { ...buildStaffAdvisoryDetail().input, fixedVersionIds: [42] },
            fixedVersions: [{ versionId: 42, version: '1.2.0', status: 'published', ...nic }],
          }),
        );
      },
      '/api/staff/advisories/fix-candidates': (url) => {
        candidatesAsked = url.searchParams.get('pns') ?? undefined;
        return okResponse([
          { versionId: 42, version: '1.2.0', status: 'published', ...nic },
          { versionId: 43, version: '1.2.1', status: 'draft', ...nic },
        ]);
      },
      '/api/staff/advisories/cvss': (url) =>
        okResponse({
          vector: url.searchParams.get('vector'),
          version: '3.1',
          baseScore: 9.8,
          baseSeverity: 'CRITICAL',
        }),
      '/api/catalog/models': () => okResponse([]),
    });
    openPage([ADVISORY_PERMISSIONS.write]);
    fireEvent.click(await screen.findByTestId('advisory-edit-PFW-2026-0003'));
    expect((await screen.findByTestId('advisory-titleEn')) as HTMLInputElement).toBeTruthy();
    const preview = await screen.findByTestId('cvss31-preview-0');
    await waitFor(() => expect(preview.textContent).toContain('Score: 9.8 (Critical)'));
    // The saved fixed version by name; the candidates are those of the affected part number.
    expect(screen.getByTestId('fixed-version-42').textContent).toBe('NIC firmware 1.2.0');
    await waitFor(() => expect(candidatesAsked).toBe('PN-1234'));
    fireEvent.mouseDown(within(screen.getByTestId('fixed-version')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('NIC firmware 1.2.1 (NIC-FW, draft)'));
    fireEvent.click(screen.getByTestId('fixed-add'));
    expect(screen.getByTestId('fixed-version-43').textContent).toBe(
      'NIC firmware 1.2.1Draft: held back until the advisory is published',
    );
    fireEvent.change(screen.getByTestId('advisory-titleEn'), { target: { value: 'Renamed advisory' } });
    fireEvent.click(screen.getByTestId('advisory-save'));
    await waitFor(() => expect(saved).toMatchObject({ titleEn: 'Renamed advisory', tlp: 'AMBER' }));
    expect(saved).toMatchObject({
      affected: [{ modelId: null, pn: 'PN-1234', kind: 'NIC', affectedFrom: null, fixedIn: '1.2.0' }],
      // The fixture's publish time (2026-12-01) has passed: no embargo any more, saved as none.
      publishAt: null,
      fixedVersionIds: [42, 43],
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
