import { ADVISORY_PERMISSIONS, PUBLISH_PERMISSION_CODE, type StaffAdvisoryRow } from '@portal/contract';
import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowAction } from '@/components/crud-page/row-action';
import { usePermission, useSignedInUserId } from '@/lib/access';
import { useStaffAdvisory } from '../api/get-staff-advisory';
import { type ReviewStep, useReviewAdvisory } from '../api/review-advisory';

interface Props {
  row: StaffAdvisoryRow;
  onEdit: () => void;
  onReject: () => void;
}

/**
 * A row's actions by its state and the user's permissions: writers edit drafts and approved
 * copies and submit drafts; approvers approve or reject what is in review. Four eyes: whoever
 * changed the copy since its last approval may not approve it (the detail's `editorIds`; the
 * row does not carry them), so their Approve is disabled with the reason; the server refuses too.
 * So is it for an approver without firmware:publish when the copy holds a draft fix: approving
 * would publish that draft at the advisory's time (issue 40).
 */
export function ReviewActions({ row, onEdit, onReject }: Props) {
  const { t } = useTranslation('advisories');
  const { message } = App.useApp();
  const canWrite = usePermission(ADVISORY_PERMISSIONS.write);
  const canApprove = usePermission(ADVISORY_PERMISSIONS.approve);
  const review = useReviewAdvisory();
  const userId = useSignedInUserId();
  const approvable = canApprove && row.status === 'in_review';
  const detail = useStaffAdvisory(approvable && userId !== undefined ? row.id : undefined);
  const ownChange = userId !== undefined && (detail.data?.editorIds.includes(userId) ?? false);
  const canPublish = usePermission(PUBLISH_PERMISSION_CODE);
  const heldFix =
    !canPublish && (detail.data?.fixedVersions.some((version) => version.status === 'draft') ?? false);
  // Why Approve is disabled, shown beside it (a title alone is seen by no one on a phone or keyboard).
  const approveReason =
    row.status === 'draft'
      ? t('staff.notSubmitted')
      : ownChange
        ? t(row.revision === 0 ? 'staff.ownDraft' : 'staff.ownChange')
        : heldFix
          ? t('staff.heldFixNeedsPublish')
          : undefined;
  const run = (step: ReviewStep, done: string) =>
    review.mutate(step, {
      onSuccess: () => void message.success(done),
      onError: (error) => void message.error(error.message),
    });
  const id = row.advisoryId;
  return (
    <>
      {canWrite && row.status !== 'in_review' && (
        <RowAction onClick={onEdit} testId={`advisory-edit-${id}`}>
          {t('staff.edit')}
        </RowAction>
      )}
      {canWrite && row.status === 'draft' && (
        <RowAction
          onClick={() => run({ action: 'submit', id: row.id }, t('staff.submitted'))}
          disabled={review.isPending}
          testId={`advisory-submit-${id}`}
        >
          {t('staff.submit')}
        </RowAction>
      )}
      {canApprove && (approvable || row.status === 'draft') && (
        <>
          <RowAction
            onClick={() => run({ action: 'approve', id: row.id }, t('staff.approved'))}
            disabled={review.isPending || approveReason !== undefined}
            hint={approveReason}
            testId={`advisory-approve-${id}`}
          >
            {t('staff.approve')}
          </RowAction>
          {approvable && (
            <RowAction onClick={onReject} danger testId={`advisory-reject-${id}`}>
              {t('staff.reject')}
            </RowAction>
          )}
          {approveReason && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, display: 'block', maxWidth: 200 }}
              data-testid={`advisory-approve-reason-${id}`}
            >
              {approveReason}
            </Typography.Text>
          )}
        </>
      )}
    </>
  );
}
