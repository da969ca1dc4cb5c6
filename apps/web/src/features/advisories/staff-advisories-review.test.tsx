import { ADVISORY_PERMISSIONS, ErrorCode } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { buildStaffAdvisoryDetail, buildStaffAdvisoryRow } from './test-data';

import { DRAFT, IN_REVIEW, listAnswer, openPage } from './staff-advisories-page-fixture';

// Split from staff-advisories-page.test.tsx: reviewing an advisory (Approve's states, the refusal, rejecting).
// Editing and saving the working copy is tested in staff-advisories-edit.test.tsx, so the two halves run side by side.

setUpEachTest({ namespaces: ['advisories'] });

describe('StaffAdvisoriesPage review', () => {
  it("shows an approver the server's refusal of their own change", async () => {
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/staff/advisories/4': () => okResponse(buildStaffAdvisoryDetail({ id: 4, editorIds: [7] })),
      '/api/staff/advisories/4/approve': () =>
        envelopeResponse(
          {
            code: ErrorCode.ADVISORY_OWN_APPROVAL,
            message: 'You made the last change; someone else must approve it',
          },
          403,
        ),
    });
    openPage([ADVISORY_PERMISSIONS.approve]);
    fireEvent.click(await screen.findByTestId('advisory-approve-PFW-2026-0004'));
    expect(await screen.findByText('You made the last change; someone else must approve it')).toBeTruthy();
    expect(screen.queryByTestId('advisory-new')).toBeNull();
  });

  it('disables Approve, with the reason, for someone who changed the copy since its last approval', async () => {
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/staff/advisories/4': () =>
        okResponse(buildStaffAdvisoryDetail({ id: 4, status: 'in_review', editorIds: [7, 9] })),
    });
    openPage([ADVISORY_PERMISSIONS.approve], 9);
    const approve = await screen.findByTestId('advisory-approve-PFW-2026-0004');
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(true));
    expect(approve.getAttribute('title')).toBe(
      'You changed this copy since its last approval: someone else must approve it',
    );
    expect((screen.getByTestId('advisory-reject-PFW-2026-0004') as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Approve for an approver who may not publish firmware when the copy holds a draft fix', async () => {
    const draftFix = {
      versionId: 43,
      version: '3.2.2',
      status: 'draft' as const,
      itemCode: 'BMC-M7',
      itemNameZh: 'M7 BMC 固件',
      itemNameEn: 'M7 BMC firmware',
      kind: 'BMC',
    };
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/staff/advisories/4': () =>
        okResponse(
          buildStaffAdvisoryDetail({ id: 4, status: 'in_review', editorIds: [7], fixedVersions: [draftFix] }),
        ),
    });
    const view = openPage([ADVISORY_PERMISSIONS.approve]);
    const approve = await screen.findByTestId('advisory-approve-PFW-2026-0004');
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(true));
    expect(approve.getAttribute('title')).toBe(
      'It would publish a draft fix at its time: only someone who may publish firmware may approve it',
    );
    view.unmount();
    // A publisher may.
    openPage([ADVISORY_PERMISSIONS.approve, 'firmware:publish']);
    const allowed = await screen.findByTestId('advisory-approve-PFW-2026-0004');
    await waitFor(() => expect(allowed.getAttribute('title')).toBeNull());
    expect((allowed as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows beside a disabled Approve why, in words that fit the state', async () => {
    const neverApproved = buildStaffAdvisoryRow({
      id: 5,
      advisoryId: 'PFW-2026-0005',
      status: 'in_review',
      revision: 0,
    });
    stubFetch({
      '/api/staff/advisories': () =>
        okResponse({ rows: [DRAFT, IN_REVIEW, neverApproved], totalRows: 3, pageNo: 1 }),
      '/api/staff/advisories/4': () =>
        okResponse(buildStaffAdvisoryDetail({ id: 4, status: 'in_review', editorIds: [7, 9] })),
      '/api/staff/advisories/5': () =>
        okResponse(buildStaffAdvisoryDetail({ id: 5, status: 'in_review', editorIds: [9] })),
    });
    openPage([ADVISORY_PERMISSIONS.write, ADVISORY_PERMISSIONS.approve], 9);
    // A draft: not in review yet.
    const draftApprove = await screen.findByTestId('advisory-approve-PFW-2026-0003');
    expect((draftApprove as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('advisory-approve-reason-PFW-2026-0003').textContent).toBe(
      'Not in review yet: it is approved once submitted for review',
    );
    expect(screen.queryByTestId('advisory-reject-PFW-2026-0003')).toBeNull();
    // Changed by me since its last approval; and a first draft I wrote, never approved.
    expect((await screen.findByTestId('advisory-approve-reason-PFW-2026-0004')).textContent).toBe(
      'You changed this copy since its last approval: someone else must approve it',
    );
    expect((await screen.findByTestId('advisory-approve-reason-PFW-2026-0005')).textContent).toBe(
      'You wrote or changed this draft: another reviewer must approve it',
    );
    expect(screen.getByTestId('advisory-approve-PFW-2026-0005').getAttribute('title')).toBe(
      'You wrote or changed this draft: another reviewer must approve it',
    );
  });

  it('rejects with a comment', async () => {
    let sent: unknown;
    stubFetch({
      '/api/staff/advisories': listAnswer,
      '/api/staff/advisories/4': () => okResponse(buildStaffAdvisoryDetail({ id: 4, editorIds: [7] })),
      '/api/staff/advisories/4/reject': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return okResponse(buildStaffAdvisoryDetail({ id: 4, status: 'draft', rejectComment: 'Add the CWE' }));
      },
    });
    openPage([ADVISORY_PERMISSIONS.approve]);
    fireEvent.click(await screen.findByTestId('advisory-reject-PFW-2026-0004'));
    fireEvent.change(await screen.findByTestId('advisory-reject-comment'), {
      target: { value: 'Add the CWE' },
    });
    fireEvent.click(screen.getByTestId('advisory-reject-save'));
    await waitFor(() => expect(sent).toEqual({ comment: 'Add the CWE' }));
  });
});
