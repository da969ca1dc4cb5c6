import { ADVISORY_PERMISSIONS, staffAdvisoryPathOf } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { resetWindowWidth, setWindowWidth } from '@/test/window-width';
import { buildStaffAdvisoryRow } from './test-data';

import { IN_REVIEW, listAnswer, openPage } from './staff-advisories-page-fixture';

setUpEachTest({ namespaces: ['advisories'] });

describe('StaffAdvisoriesPage', () => {
  it('opened from a review notice, lists the advisory it names, its ID in the search box', async () => {
    const fetchStub = stubFetch({
      '/api/staff/advisories': () => okResponse({ rows: [IN_REVIEW], totalRows: 1, pageNo: 1 }),
    });
    openPage([ADVISORY_PERMISSIONS.approve], 9, staffAdvisoryPathOf('PFW-2026-0004'));
    expect(await screen.findByTestId('advisory-status-PFW-2026-0004')).toBeTruthy();
    const asked = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.searchParams.get('keyword')).toBe('PFW-2026-0004');
    expect((screen.getByLabelText('Search ID or title') as HTMLInputElement).value).toBe('PFW-2026-0004');
  });

  it('lists every advisory with its state in words and the actions the user may take', async () => {
    stubFetch({ '/api/staff/advisories': listAnswer });
    openPage([ADVISORY_PERMISSIONS.write]);
    expect((await screen.findByTestId('advisory-status-PFW-2026-0003')).textContent).toBe('Draft');
    expect(screen.getByTestId('advisory-status-PFW-2026-0004').textContent).toBe('In review');
    const table = screen.getByTestId('staff-advisory-table');
    expect(table.textContent).toContain('Not published');
    expect(table.textContent).toContain('Revision 2');
    expect(table.textContent).toContain('On approval');
    const draftActions = screen.getByTestId('advisory-actions-PFW-2026-0003');
    expect(within(draftActions).getByText('Edit')).toBeTruthy();
    expect(within(draftActions).getByText('Submit for review')).toBeTruthy();
    expect(screen.getByTestId('advisory-actions-PFW-2026-0004').textContent).toBe('');
    expect(screen.getByTestId('advisory-new')).toBeTruthy();
  });

  it('on a phone shows each advisory in one column beside its actions, its state and publication under the title', async () => {
    // Nine columns scrolled sideways under the pinned actions, a cut title peeking out beside them.
    setWindowWidth(390);
    try {
      stubFetch({ '/api/staff/advisories': listAnswer });
      openPage([ADVISORY_PERMISSIONS.write]);
      const status = await screen.findByTestId('advisory-status-PFW-2026-0004');
      const table = screen.getByTestId('staff-advisory-table');
      expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
        'Title',
        'Actions',
      ]);
      const cell = status.closest('td');
      expect(cell?.textContent).toContain('PFW-2026-0004');
      expect(cell?.textContent).toContain('In review');
      expect(cell?.textContent).toContain('On approval');
      // The two columns share the width: the table does not scroll sideways.
      expect(table.querySelector('table')?.style.width).not.toBe('max-content');
    } finally {
      resetWindowWidth(1024);
    }
  });

  it('shows the embargo only while it is ahead, else the first publication, and "System" for seeded advisories', async () => {
    const ahead = new Date(Date.now() + 14 * 86_400_000);
    const rows = [
      buildStaffAdvisoryRow({ advisoryId: 'PFW-2026-0010', publishAt: ahead.toISOString() }),
      buildStaffAdvisoryRow({
        id: 11,
        advisoryId: 'PFW-2026-0011',
        status: 'approved',
        revision: 1,
        publishAt: '2026-06-21T00:00:00.000Z',
        visibleFrom: '2026-10-01T08:00:00.000Z',
        firstPublished: '2026-10-01T08:00:00.000Z',
        authorName: '',
      }),
    ];
    stubFetch({ '/api/staff/advisories': () => okResponse({ rows, totalRows: 2, pageNo: 1 }) });
    openPage([ADVISORY_PERMISSIONS.write]);
    await screen.findByTestId('advisory-status-PFW-2026-0011');
    const cells = (advisoryId: string) =>
      [
        ...(screen.getByTestId(`advisory-status-${advisoryId}`).closest('tr')?.querySelectorAll('td') ?? []),
      ].map((cell) => cell.textContent);
    const yyyy = String(ahead.getFullYear());
    const embargo = cells('PFW-2026-0010').find((text) => text?.startsWith('Embargoed until'));
    expect(embargo).toContain(yyyy);
    // The day only: the minute is the "Visible from" column's.
    expect(embargo).toMatch(/^Embargoed until \d{4}-\d{2}-\d{2}$/);
    const published = cells('PFW-2026-0011');
    expect(published).toContain('2026-10-01');
    expect(published.join(' ')).not.toContain('2026-06-21');
    expect(published).toContain('System');
    expect(published.join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
