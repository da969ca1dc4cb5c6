import { LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Failure, FailureAlert } from '@/components/failure-alert';
import { type ApiError, fieldErrorsOf } from '@/lib/api-error';
import { getVerifyCode } from '../api/get-verify-code';
import { useModifyPassword } from '../api/modify-password';
import { NewPasswordFields } from '@/components/password-field/new-password-fields';
import { VerifyCodeField } from '@/components/verify-code/verify-code-field';

interface ChangePasswordValues {
  password: string;
  newPassword: string;
  confirm: string;
  code: string;
}

const FORM_NAME = 'changePassword';
type FieldName = keyof ChangePasswordValues;
const FIELD_NAMES: readonly string[] = ['password', 'newPassword', 'confirm', 'code'] satisfies FieldName[];
const isFieldName = (field: string): field is FieldName => FIELD_NAMES.includes(field);

/** Change of password with the current one and a mailed code; the rules mirror the server's. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [failure, setFailure] = useState<Failure>();
  const [codeSentTo, setCodeSentTo] = useState<string>();

  const modify = useModifyPassword({
    onSuccess: () => {
      form.resetFields();
      setCodeSentTo(undefined);
      void message.success(t('password.success'));
    },
    onError: (error) => {
      setFailure({ title: t('password.failed'), detail: error.message });
      // A 1012001 answer names the offending fields: mark them, not only the banner.
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message: text }) =>
          isFieldName(field) ? [{ name: field, errors: [text] }] : [],
        ),
      );
    },
  });

  const codeFailed = (error: ApiError) =>
    setFailure({ title: t('password.code.failed'), detail: error.message });
  const submit = (values: ChangePasswordValues) => {
    setFailure(undefined);
    modify.mutate({ ...values, code: values.code.trim() });
  };

  return (
    <section>
      <Typography.Title level={5}>{t('password.title')}</Typography.Title>
      <FailureAlert failure={failure} gap={24} />
      <Form<ChangePasswordValues>
        data-testid="change-password-form"
        name={FORM_NAME}
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 440 }}
      >
        <Form.Item
          name="password"
          label={t('password.current.label')}
          rules={[{ required: true, message: t('password.current.required') }]}
        >
          <Input.Password
            data-testid="current-password"
            autoComplete="current-password"
            maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          purpose="replace"
          testIds={{ password: 'new-password', confirm: 'confirm-password' }}
        />
        <VerifyCodeField
          name="code"
          inputId={`${FORM_NAME}_code`}
          sentTo={codeSentTo}
          requestCode={getVerifyCode}
          onSent={(sent) => {
            setFailure(undefined);
            setCodeSentTo(sent.destination);
          }}
          onSendFailed={codeFailed}
        />
        <Button data-testid="submit-password" type="primary" htmlType="submit" loading={modify.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </section>
  );
}
