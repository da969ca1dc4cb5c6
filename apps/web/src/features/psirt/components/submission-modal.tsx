import { ART14_STAGES, type Art14Case, type Art14Stage, PSIRT_LIMITS } from '@portal/contract';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { requiredText } from '@/lib/form-rules';
import { formatDateTime } from '@/lib/format';
import { useRecordSubmission } from '../api/record-submission';

type Values = { stage: Art14Stage; submittedAt: Dayjs; reference: string; note: string };

/** Records that a report went in on ENISA's platform (who is the signed-in person), and lists those recorded. */
export function SubmissionModal({ item, onClose }: { item: Art14Case; onClose: () => void }) {
  const { t } = useTranslation('psirt');
  const [form] = Form.useForm<Values>();
  const { overlay, save } = useFormSave(form, useRecordSubmission(), t('art14.submission.saved'), onClose);
  const next = item.stages.find((stage) => stage.state !== 'submitted')?.stage ?? 'finalReport';
  return (
    <FormModal
      {...overlay}
      title={t('art14.submission.title', { id: item.advisoryId })}
      saveText={t('art14.submission.save')}
      saveTestId="art14-submission-save"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ stage: next, submittedAt: dayjs(), note: '' }}
        onFinish={({ submittedAt, ...rest }) =>
          save({ id: item.id, input: { ...rest, submittedAt: submittedAt.toISOString() } })
        }
      >
        <Form.Item name="stage" label={t('art14.submission.stage')}>
          <Select
            options={ART14_STAGES.map((stage) => ({ value: stage, label: t(`art14.stage.${stage}`) }))}
          />
        </Form.Item>
        <Form.Item name="submittedAt" label={t('art14.submission.submittedAt')}>
          <DatePicker showTime disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('art14.submission.reference')}
          rules={[requiredText(t('art14.submission.referenceRequired'))]}
        >
          <Input maxLength={PSIRT_LIMITS.reference} data-testid="art14-submission-reference" />
        </Form.Item>
        <Form.Item name="note" label={t('art14.submission.note')}>
          <Input.TextArea rows={2} maxLength={PSIRT_LIMITS.note} />
        </Form.Item>
      </Form>
      {item.submissions.length > 0 && (
        <>
          <Typography.Title level={5}>{t('art14.submission.history')}</Typography.Title>
          <ul data-testid="art14-submissions">
            {item.submissions.map((row) => (
              <li key={row.id}>
                {t('art14.submission.row', {
                  stage: t(`art14.stage.${row.stage}`),
                  time: formatDateTime(row.submittedAt),
                  reference: row.reference,
                  who: row.submittedBy ?? '-',
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </FormModal>
  );
}
