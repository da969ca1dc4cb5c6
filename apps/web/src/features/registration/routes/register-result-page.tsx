import { registerResultSchema } from '@portal/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * /user/register-result: what the registration did and what comes next (sign in; a pending
 * serial number is confirmed by support). The data comes as navigation state from the form,
 * so a reload or a bookmark shows the way to register or sign in instead.
 */
export function RegisterResultPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const { state } = useLocation();
  const parsed = registerResultSchema.safeParse(state);
  const signIn = (
    <Button key="sign-in" type="primary" data-testid="result-sign-in" onClick={() => navigate(paths.login)}>
      {t('registerResult.signIn')}
    </Button>
  );

  if (!parsed.success) {
    return (
      <Result
        status="info"
        title={t('registerResult.missing.title')}
        subTitle={t('registerResult.missing.description')}
        extra={[
          signIn,
          <Button key="register" onClick={() => navigate(paths.register)}>
            {t('registerResult.missing.register')}
          </Button>,
        ]}
      />
    );
  }

  const { account, email, sn } = parsed.data;
  const snText = sn
    ? t(sn.state === 'verified' ? 'registerResult.sn.verified' : 'registerResult.sn.pending', { sn: sn.sn })
    : t('registerResult.sn.none');
  return (
    <Result
      status="success"
      data-testid="register-result"
      title={t('registerResult.success', { account })}
      subTitle={t('registerResult.mail', { email })}
      extra={signIn}
    >
      <Typography.Paragraph data-testid="register-result-sn" data-state={sn?.state ?? 'none'}>
        {snText}
      </Typography.Paragraph>
    </Result>
  );
}
