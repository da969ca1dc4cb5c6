import { ErrorCode } from '@portal/contract';
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { NewPasswordFields } from '@/components/password-field/new-password-fields';
import { SubmitWithServerError } from '@/components/submit-with-server-error';
import { fieldErrorsOf } from '@/lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { RecoveryDone } from './recovery-done';

interface ResetPasswordValues {
  password: string;
  confirm: string;
}

const isResetField = (field: string): field is keyof ResetPasswordValues =>
  field === 'password' || field === 'confirm';

/** Which field a refusal of the new password is about. */
const FIELD_OF_CODE: ReadonlyMap<number, keyof ResetPasswordValues> = new Map([
  [ErrorCode.PASSWORD_WEAK, 'password'],
  [ErrorCode.PASSWORD_MISMATCH, 'confirm'],
]);

interface ResetPasswordFormProps {
  token: string;
  /** The account the link is for, masked by the server. */
  account: string | null;
}

/** The new password (with the strength meter) set through a valid mailed link. */
export function ResetPasswordForm({ token, account }: ResetPasswordFormProps) {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<ResetPasswordValues>();
  const [serverError, setServerError] = useState<string>();

  const reset = useResetPassword({
    onError: (error) => {
      setServerError(error.message);
      const listed = fieldErrorsOf(error).flatMap(({ field, message }) =>
        isResetField(field) ? [{ name: field, errors: [message] }] : [],
      );
      const field = FIELD_OF_CODE.get(error.code);
      form.setFields(listed.length > 0 || !field ? listed : [{ name: field, errors: [error.message] }]);
    },
  });

  // Used or expired meanwhile (e.g. in another tab): the link is gone for good.
  if (reset.error?.code === ErrorCode.RESET_LINK_INVALID) {
    return <Navigate to={paths.passwordLinkExpired} replace />;
  }
  if (reset.isSuccess) {
    return (
      <RecoveryDone
        testId="reset-success"
        title={t('recover.reset.success.title')}
        description={t('recover.reset.success.description')}
        signIn={{ text: t('recover.reset.success.signIn'), testId: 'reset-sign-in' }}
      />
    );
  }

  const submit = (values: ResetPasswordValues) => {
    setServerError(undefined);
    reset.mutate({ token, ...values });
  };

  return (
    <>
      {account && (
        <Typography.Paragraph type="secondary">{t('recover.reset.for', { account })}</Typography.Paragraph>
      )}
      <Form<ResetPasswordValues>
        form={form}
        name="resetPassword"
        data-testid="reset-form"
        layout="vertical"
        onFinish={submit}
      >
        <NewPasswordFields
          name="password"
          purpose="replace"
          testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
        />
        <SubmitWithServerError serverError={serverError} testId="reset-submit" loading={reset.isPending}>
          {t('recover.reset.submit')}
        </SubmitWithServerError>
      </Form>
    </>
  );
}
