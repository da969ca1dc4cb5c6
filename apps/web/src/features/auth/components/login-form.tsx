import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '@/lib/api-error';
import { afterSignInPath } from '@/lib/safe-redirect';
import { setAccessToken } from '@/lib/session';
import { loginUserQueryKey } from '../api/get-login-user';
import { usePublicConfig } from '../api/get-public-config';
import { useLogin } from '../api/login';
import { useCaptchaNonce } from '@/components/captcha-field/use-captcha-nonce';
import { useLoginFields } from '../hooks/use-login-fields';
import { useWelcomeNotification } from '../hooks/use-welcome-notification';
import { LoginCaptchaField } from './login-captcha-field';
import { LoginField } from './login-field';
import styles from './login-form.module.css';
import { CloseCircleFilledIcon, LoadingIcon } from './login-icons';
import { PasswordField } from './password-field';
import { signInFailureMessage } from '../utils/sign-in-failure';

interface LoginFormProps {
  /** A message to show before any attempt, e.g. why the previous session ended. */
  initialError?: string;
}

/**
 * The sign-in form. Plain HTML drawn like antd's large form: it is the one page that loads
 * without antd (see docs/ARCHITECTURE.md, "How the console is built").
 */
export function LoginForm({ initialError }: LoginFormProps) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const captchaEnabled = config.data?.captchaEnabled === true;
  const [captchaNonce, refreshCaptcha] = useCaptchaNonce();
  const [serverError, setServerError] = useState(initialError);
  const fields = useLoginFields({ captchaEnabled });
  const welcome = useWelcomeNotification();
  // After sign-in the router loads the console's code before it leaves this page: the button
  // stays busy until then, so a slow line never looks like a sign-in that did nothing.
  const leaving = useNavigation().state !== 'idle';

  const login = useLogin({
    onSuccess: ({ token }) => {
      setAccessToken(token);
      // A user cached from an earlier session must not flash up for the new one.
      queryClient.removeQueries({ queryKey: loginUserQueryKey });
      navigate(afterSignInPath(searchParams.get('redirect')), { replace: true });
      welcome();
    },
    onError: (error) => {
      setServerError(signInFailureMessage(error, t));
      // A 1012001 answer names the offending fields: mark them, not only the banner.
      fields.showServerErrors(fieldErrorsOf(error));
      // The server may have spent or expired the answer: always start over with a new image.
      if (captchaEnabled) {
        refreshCaptcha();
        fields.clearCaptcha();
      }
    },
  });

  const busy = login.isPending || leaving;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const values = fields.validate();
    if (!values) return;
    setServerError(undefined);
    login.mutate({
      account: values.account.trim(),
      password: values.password,
      captcha: captchaEnabled ? values.captcha.trim() : undefined,
    });
  };

  return (
    <>
      {serverError && (
        <div role="alert" className={styles.alert}>
          <CloseCircleFilledIcon className={styles.alertIcon} />
          <span>{serverError}</span>
        </div>
      )}
      <form onSubmit={submit} autoComplete="on" noValidate>
        <LoginField
          name="account"
          {...fields.bind('account')}
          autoComplete="username"
          maxLength={ACCOUNT_MAX_LENGTH}
          placeholder={t('pages.login.account.placeholder')}
        />
        <PasswordField
          name="password"
          {...fields.bind('password')}
          autoComplete="current-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          placeholder={t('pages.login.password.placeholder')}
        />
        {captchaEnabled && (
          <LoginCaptchaField nonce={captchaNonce} onRefresh={refreshCaptcha} {...fields.bind('captcha')} />
        )}
        <button
          type="submit"
          className={busy ? `${styles.submit} ${styles.submitLoading}` : styles.submit}
          disabled={config.isPending}
          aria-busy={busy}
        >
          {busy && <LoadingIcon className={styles.spin} />}
          {t('pages.login.submit')}
        </button>
      </form>
    </>
  );
}
