import type { CatalogVersionDetail } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildVersionRow } from '../test-data';
import { VersionDetailDrawer } from './version-detail-drawer';

function buildDetail(): CatalogVersionDetail {
  return {
    ...buildVersionRow({
      versionId: 9,
      version: '4.1.2',
      severity: 'urgent',
      securityFix: true,
      cves: ['CVE-2026-10231'],
      rebootRequired: true,
      prerequisites: [{ component: 'CPLD', minVersion: '2.0' }],
    }),
    notes: {
      new: [],
      optimize: ['Shorter boot time'],
      hotfix: ['Fixed a web session fixation vulnerability'],
    },
    item: {
      code: 'm7-bmc',
      kind: 'BMC',
      section: '',
      name: 'M7 BMC firmware',
      description: 'BMC firmware for M7 family servers.',
      visibility: 'signed_in',
    },
    notesHtml: '<p>Read <b>before</b> updating</p>',
    compatibility: { models: [{ code: 'M7-2U', family: 'M7', name: 'M7 2U rack server' }], parts: [] },
    otherVersions: [
      {
        versionId: 8,
        version: '4.1.0',
        status: 'published',
        releaseDate: '2025-09-22',
        severity: 'recommended',
      },
    ],
    publishTime: '2026-06-15T08:00:00.000Z',
    recallTime: null,
    recallReason: null,
  };
}

setUpEachTest({ namespaces: ['catalog'] });

describe('VersionDetailDrawer', () => {
  it('shows checksums, severity, CVE ids, notes by kind, compatibility and the other versions', async () => {
    stubFetch({ '/api/catalog/versions/9': () => okResponse(buildDetail()) });
    const onOpen = vi.fn();
    renderWithProviders(<VersionDetailDrawer versionId={9} onClose={vi.fn()} onOpen={onOpen} />, {
      path: '/',
    });

    const detail = await screen.findByTestId('version-detail');
    expect(screen.getByTestId('detail-sha256').textContent).toContain('a'.repeat(64));
    expect(screen.getByTestId('version-update-needs').textContent).toBe('Reboot requiredFirst: CPLD ≥ 2.0');
    expect(screen.getByTestId('detail-md5').textContent).toContain('b'.repeat(32));
    const text = detail.textContent ?? '';
    for (const expected of [
      'Urgent',
      'Security fix',
      'CVE-2026-10231',
      'OPTIMIZE',
      'Shorter boot time',
      'HOTFIX',
      'Fixed a web session fixation vulnerability',
      'M7 2U rack server (M7-2U)',
      '2 KB (2,048 bytes)',
      'Read before updating',
    ])
      expect(text).toContain(expected);
    // An empty kind is left out.
    expect(within(screen.getByTestId('release-notes')).queryByText('NEW')).toBeNull();

    fireEvent.click(within(screen.getByTestId('other-versions')).getByRole('button', { name: '4.1.0' }));
    expect(onOpen).toHaveBeenCalledWith(8);
  });

  it("shows the server's refusal for a version the reader may not see", async () => {
    stubFetch({
      '/api/catalog/versions/9': () =>
        envelopeResponse(
          { code: 1017001, message: 'Firmware does not exist or there is no permission to query it' },
          404,
        ),
    });
    renderWithProviders(<VersionDetailDrawer versionId={9} onClose={vi.fn()} onOpen={vi.fn()} />, {
      path: '/',
    });
    await screen.findByText('Firmware does not exist or there is no permission to query it');
  });
});
