import { type PublishVersion, type RecallInput, withinSecurityFixPeriod } from '@portal/contract';
import { App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecallVersion } from '../api/version-actions';
import { FormModal } from '@/components/form-overlay/form-modal';
import { requiredText } from '@/lib/form-rules';
import { showFailure } from '@/lib/show-failure';

/** Recall a published version: downloads stop, the row and its history stay, downloaders may be told. */
export function RecallModal({ version, onClose }: { version: PublishVersion; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { t: tp } = useTranslation('psirt');
  // CRA Art. 13(9): a security fix stays available ten years; removing one sooner needs its own reason.
  const guarded =
    (version.securityFix || version.cves.length > 0) &&
    withinSecurityFixPeriod(version.releaseDate, new Date());
  const { message } = App.useApp();
  const [form] = Form.useForm<RecallInput>();
  const recall = useRecallVersion();
  return (
    <FormModal
      title={t('recall.title', { version: version.version })}
      form={form}
      saveText={t('recall.submit')}
      saving={recall.isPending}
      saveTestId="recall-submit"
      danger
      onClose={onClose}
      destroyOnHidden
    >
      <Form<RecallInput>
        form={form}
        layout="vertical"
        initialValues={{ reason: '', notifyDownloaders: true, securityFixReason: '' }}
        onFinish={(input) =>
          recall.mutate(
            { id: version.id, input },
            {
              onSuccess: ({ notified }) => {
                void message.success(t('recall.done', { count: notified }));
                onClose();
              },
              onError: (error) => showFailure(error, message, form),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('recall.reason')}
          rules={[requiredText(t('recall.reasonRequired'))]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="recall-reason" />
        </Form.Item>
        {guarded && (
          <Form.Item
            name="securityFixReason"
            label={tp('securityFix.reason')}
            extra={tp('securityFix.hint')}
            rules={[requiredText(tp('securityFix.required'))]}
          >
            <Input.TextArea rows={2} maxLength={500} data-testid="recall-security-fix-reason" />
          </Form.Item>
        )}
        <Form.Item name="notifyDownloaders" valuePropName="checked">
          <Checkbox>{t('recall.notify')}</Checkbox>
        </Form.Item>
      </Form>
    </FormModal>
  );
}
