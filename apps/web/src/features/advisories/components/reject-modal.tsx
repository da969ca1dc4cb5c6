import type { StaffAdvisoryRow } from '@portal/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { useReviewAdvisory } from '../api/review-advisory';

const COMMENT_MAX = 500;

/** Sends an advisory in review back to its author with a comment (shown in the edit form). */
export function RejectModal({ row, onClose }: { row: StaffAdvisoryRow; onClose: () => void }) {
  const { t } = useTranslation('advisories');
  const [form] = Form.useForm<{ comment: string }>();
  const review = useReviewAdvisory();
  const callbacks = useSaveFeedback(form, t('staff.rejected'), onClose);
  return (
    <FormModal
      title={t('staff.rejectTitle', { id: row.advisoryId })}
      form={form}
      saveText={t('staff.reject')}
      saving={review.isPending}
      saveTestId="advisory-reject-save"
      danger
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ comment }) => review.mutate({ action: 'reject', id: row.id, comment }, callbacks)}
      >
        <Form.Item
          name="comment"
          label={t('staff.rejectComment')}
          rules={[{ required: true, whitespace: true, message: t('staff.rejectRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount data-testid="advisory-reject-comment" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
