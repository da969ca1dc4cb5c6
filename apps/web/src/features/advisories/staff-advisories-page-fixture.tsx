import { AccessProvider } from '@/lib/access';
import { okResponse } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { StaffAdvisoriesPage } from './staff-advisories-page';
import { buildStaffAdvisoryRow } from './test-data';

/* The staff advisories page as its tests open it (staff-advisories-page.test.tsx, staff-advisories-review.test.tsx,
   staff-advisories-edit.test.tsx). */

export const DRAFT = buildStaffAdvisoryRow();
export const IN_REVIEW = buildStaffAdvisoryRow({
  id: 4,
  advisoryId: 'PFW-2026-0004',
  status: 'in_review',
  revision: 2,
  visibleFrom: '2026-03-02T08:00:00.000Z',
  publishAt: null,
  reviewerName: 'Bob',
});

export function openPage(permissions: string[], id = 9, initialEntry = '/system/advisories') {
  return renderWithProviders(
    <AccessProvider user={{ id, adminType: '2', permissions }}>
      <StaffAdvisoriesPage title="Advisories" />
    </AccessProvider>,
    { path: '/system/advisories', initialEntry },
  );
}

export const listAnswer = () => okResponse({ rows: [DRAFT, IN_REVIEW], totalRows: 2, pageNo: 1 });
