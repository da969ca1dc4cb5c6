import { ErrorCode } from '@portal/contract';
import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useResetTokenState } from '../api/check-reset-token';
import { ResetPasswordForm } from './reset-password-form';

/**
 * A mailed link opened: the token is checked first; an invalid, expired or used one leads to
 * the password-link-expired page, a valid one to the new-password form.
 */
export function ResetPasswordStep({ token }: { token: string }) {
  const { t } = useTranslation('register');
  const state = useResetTokenState(token);

  if (state.isPending) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin data-testid="reset-checking" />
      </Flex>
    );
  }
  if (state.isError && state.error.code !== ErrorCode.RESET_LINK_INVALID) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('recover.reset.checkFailed', { message: state.error.message })}
        action={
          <Button size="small" onClick={() => void state.refetch()}>
            {t('recover.reset.retry')}
          </Button>
        }
      />
    );
  }
  if (!state.data?.valid) return <Navigate to={paths.passwordLinkExpired} replace />;
  return <ResetPasswordForm token={token} account={state.data.account} />;
}
