import { VULNERABILITY_REPORT_LIMITS as L } from '@portal/contract';
import { Checkbox, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaGuardedSubmit, useCaptchaGuard } from '@/features/auth';
import { fieldErrorsOf } from '@/lib/api-error';
import { requiredText } from '@/lib/form-rules';
import { useSubmitReport } from '../api/submit-report';

interface Values {
  name: string;
  email: string;
  product: string;
  summary: string;
  body: string;
  encrypted: boolean;
  captcha?: string;
}

/**
 * The public report form: what happened, optionally encrypted (the reader pastes an armoured
 * OpenPGP message made with the key shown above the form). The answer names the case's reference.
 */
export function ReportForm() {
  const { t } = useTranslation('psirt');
  const [form] = Form.useForm<Values>();
  const guard = useCaptchaGuard(form);
  const report = useSubmitReport({
    onError: (error) => {
      guard.refused(error);
      form.setFields(
        fieldErrorsOf(error).map(({ field, message }) => ({
          name: field as keyof Values,
          errors: [message],
        })),
      );
    },
  });
  if (report.data)
    return (
      <Result
        status="success"
        data-testid="report-sent"
        title={t('report.sent.title', { reference: report.data.reference })}
        subTitle={t('report.sent.description')}
      />
    );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      data-testid="report-form"
      initialValues={{ encrypted: false }}
      onFinish={({ captcha, ...input }) => {
        guard.trying();
        report.mutate({ input, captcha: guard.answerOf(captcha) });
      }}
    >
      <Form.Item name="name" label={t('report.name')} rules={[requiredText(t('report.required'))]}>
        <Input maxLength={L.name} autoComplete="name" data-testid="report-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('report.email')}
        rules={[{ required: true, type: 'email', message: t('report.emailInvalid') }]}
      >
        <Input maxLength={L.email} autoComplete="email" data-testid="report-email" />
      </Form.Item>
      <Form.Item name="product" label={t('report.product')} rules={[requiredText(t('report.required'))]}>
        <Input maxLength={L.product} data-testid="report-product" />
      </Form.Item>
      <Form.Item name="summary" label={t('report.summary')} rules={[requiredText(t('report.required'))]}>
        <Input maxLength={L.summary} data-testid="report-summary" />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('report.body')}
        extra={t('report.bodyHint')}
        rules={[requiredText(t('report.required'))]}
      >
        <Input.TextArea rows={8} maxLength={L.body} data-testid="report-body" />
      </Form.Item>
      <Form.Item name="encrypted" valuePropName="checked">
        <Checkbox data-testid="report-encrypted">{t('report.encrypted')}</Checkbox>
      </Form.Item>
      <CaptchaGuardedSubmit guard={guard} testId="report-submit" loading={report.isPending}>
        {t('report.submit')}
      </CaptchaGuardedSubmit>
    </Form>
  );
}
