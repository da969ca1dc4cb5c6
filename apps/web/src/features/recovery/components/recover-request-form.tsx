import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaGuardedSubmit, useCaptchaGuard } from '@/features/auth';
import { fieldErrorsOf } from '@/lib/api-error';
import { requiredText } from '@/lib/form-rules';
import { useRequestRecovery } from '../api/request-recovery';
import { RecoveryDone } from './recovery-done';
import { EMAIL_MAX_LENGTH } from '@portal/contract';

interface RecoverRequestValues {
  account: string;
  captcha?: string;
}

/**
 * Asks for a password link by account or email. The result is the same neutral text whether
 * the account exists or not, like the server's answer.
 */
export function RecoverRequestForm() {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<RecoverRequestValues>();
  const guard = useCaptchaGuard(form);

  const recovery = useRequestRecovery({
    onError: (error) => {
      guard.refused(error);
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message }) =>
          field === 'account' ? [{ name: 'account' as const, errors: [message] }] : [],
        ),
      );
    },
  });

  if (recovery.data) {
    // The mail server is not answering: the server's text says the link will follow, not that it went.
    const { mailDelayed, linkValidMinutes } = recovery.data;
    return (
      <RecoveryDone
        testId="recover-sent"
        status={mailDelayed ? 'info' : 'success'}
        title={t(mailDelayed ? 'recover.delayed.title' : 'recover.sent.title')}
        description={mailDelayed ?? t('recover.sent.description', { minutes: linkValidMinutes })}
        signIn={{ text: t('recover.backToLogin') }}
      />
    );
  }

  const submit = ({ account, captcha: answer }: RecoverRequestValues) => {
    guard.trying();
    recovery.mutate({ account: account.trim(), captcha: guard.answerOf(answer) });
  };

  return (
    <Form<RecoverRequestValues>
      form={form}
      name="recover"
      data-testid="recover-form"
      layout="vertical"
      onFinish={submit}
    >
      <Form.Item
        name="account"
        label={t('recover.account.label')}
        rules={[requiredText(t('recover.account.required'))]}
      >
        <Input data-testid="recover-account" autoComplete="username" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      <CaptchaGuardedSubmit guard={guard} testId="recover-submit" loading={recovery.isPending}>
        {t('recover.submit')}
      </CaptchaGuardedSubmit>
    </Form>
  );
}
