import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { WidePublicPage } from '@/components/wide-public-page';
import { paths } from '@/config/paths';
import { useEncryptionKey } from './api/get-encryption-key';
import { ReportForm } from './components/report-form';

const POLICY_SECTIONS = ['scope', 'report', 'promise', 'disclosure', 'safeHarbour'] as const;

/**
 * /security/disclosure: the coordinated vulnerability disclosure policy (security.txt's
 * `Policy:`), for everyone signed in or not, in both languages, with the PSIRT's key and the
 * report form.
 */
export function DisclosurePage() {
  const { t } = useTranslation('psirt');
  const key = useEncryptionKey();
  return (
    <WidePublicPage
      testId="disclosure-page"
      actions={
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <Link to={paths.advisories}>{t('policy.advisories')}</Link>
          <LanguageSwitch />
        </div>
      }
    >
      <div style={{ maxWidth: 820, margin: '0 auto', padding: '0 16px 32px' }}>
        <Typography.Title level={2}>{t('policy.title')}</Typography.Title>
        <Typography.Paragraph>{t('policy.intro')}</Typography.Paragraph>
        {POLICY_SECTIONS.map((section) => (
          <section key={section}>
            <Typography.Title level={3}>{t(`policy.${section}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`policy.${section}.text`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Title level={3}>{t('policy.key.title')}</Typography.Title>
        <Typography.Paragraph>
          {t('policy.key.text')}{' '}
          {key.data && (
            <>
              <a href={key.data.url} data-testid="psirt-key-link">
                {t('policy.key.download')}
              </a>{' '}
              {t('policy.key.fingerprint')}{' '}
              <Typography.Text code data-testid="psirt-key-fingerprint">
                {key.data.fingerprint.replace(/(.{4})(?!$)/g, '$1 ')}
              </Typography.Text>
            </>
          )}
        </Typography.Paragraph>
        <Typography.Title level={3}>{t('report.title')}</Typography.Title>
        <ReportForm />
      </div>
    </WidePublicPage>
  );
}
