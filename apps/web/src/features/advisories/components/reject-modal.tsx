import type { StaffAdvisoryRow } from '@portal/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { requiredText } from '@/lib/form-rules';
import { useReviewAdvisory } from '../api/review-advisory';

const COMMENT_MAX = 500;

/** Sends an advisory in review back to its author with a comment (shown in the edit form). */
export function RejectModal({ row, onClose }: { row: StaffAdvisoryRow; onClose: () => void }) {
  const { t } = useTranslation('advisories');
  const [form] = Form.useForm<{ comment: string }>();
  const { overlay, save } = useFormSave(form, useReviewAdvisory(), t('staff.rejected'), onClose);
  return (
    <FormModal
      {...overlay}
      title={t('staff.rejectTitle', { id: row.advisoryId })}
      saveText={t('staff.reject')}
      saveTestId="advisory-reject-save"
      danger
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ comment }) => save({ action: 'reject', id: row.id, comment })}
      >
        <Form.Item
          name="comment"
          label={t('staff.rejectComment')}
          rules={[requiredText(t('staff.rejectRequired'))]}
        >
          <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount data-testid="advisory-reject-comment" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
