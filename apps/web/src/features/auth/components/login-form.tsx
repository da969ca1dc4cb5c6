import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '@/lib/api-error';
import { afterSignInPath } from '@/lib/safe-redirect';
import { setAccessToken } from '@/lib/session';
import { loginUserQueryKey } from '../api/get-login-user';
import { usePublicConfig } from '../api/get-public-config';
import { useLogin } from '../api/login';
import { useCaptchaNonce } from '../hooks/use-captcha-nonce';
import { useWelcomeNotification } from '../hooks/use-welcome-notification';
import { CaptchaField } from './captcha-field';

interface LoginFormValues {
  account: string;
  password: string;
  captcha?: string;
}
type FieldName = keyof LoginFormValues;
const FIELD_NAMES: readonly string[] = ['account', 'password', 'captcha'] satisfies FieldName[];
const isFieldName = (field: string): field is FieldName => FIELD_NAMES.includes(field);

interface LoginFormProps {
  /** A message to show before any attempt, e.g. why the previous session ended. */
  initialError?: string;
}

export function LoginForm({ initialError }: LoginFormProps) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<LoginFormValues>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const captchaEnabled = config.data?.captchaEnabled === true;
  const [captchaNonce, refreshCaptcha] = useCaptchaNonce();
  const [serverError, setServerError] = useState(initialError);
  const welcome = useWelcomeNotification();

  const login = useLogin({
    onSuccess: ({ token }) => {
      setAccessToken(token);
      // A user cached from an earlier session must not flash up for the new one.
      queryClient.removeQueries({ queryKey: loginUserQueryKey });
      navigate(afterSignInPath(searchParams.get('redirect')), { replace: true });
      welcome();
    },
    onError: (error) => {
      setServerError(error.message);
      // A 1012001 answer names the offending fields: mark them, not only the banner.
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message }) =>
          isFieldName(field) ? [{ name: field, errors: [message] }] : [],
        ),
      );
      // The server may have spent or expired the answer: always start over with a new image.
      if (captchaEnabled) {
        refreshCaptcha();
        form.setFieldValue('captcha', '');
      }
    },
  });

  const submit = ({ account, password, captcha }: LoginFormValues) => {
    setServerError(undefined);
    login.mutate({
      account: account.trim(),
      password,
      captcha: captchaEnabled ? captcha?.trim() : undefined,
    });
  };

  return (
    <>
      {serverError && (
        <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 24 }} />
      )}
      <Form<LoginFormValues>
        form={form}
        onFinish={submit}
        size="large"
        autoComplete="on"
        requiredMark={false}
      >
        <Form.Item
          name="account"
          rules={[{ required: true, whitespace: true, message: t('pages.login.account.required') }]}
        >
          <Input
            autoComplete="username"
            maxLength={ACCOUNT_MAX_LENGTH}
            placeholder={t('pages.login.account.placeholder')}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('pages.login.password.required') }]}>
          <Input.Password
            autoComplete="current-password"
            maxLength={LOGIN_PASSWORD_MAX_LENGTH}
            placeholder={t('pages.login.password.placeholder')}
          />
        </Form.Item>
        {captchaEnabled && <CaptchaField nonce={captchaNonce} onRefresh={refreshCaptcha} />}
        <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={config.isPending}>
          {t('pages.login.submit')}
        </Button>
      </Form>
    </>
  );
}
