import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecuritySettings } from './components/security-settings';

export const SETTINGS_SECTIONS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
export type SettingsSectionKey = (typeof SETTINGS_SECTIONS)[number];

/** One section of the account settings; those not built yet show what they will hold. */
export function SettingsSectionPage({ section, title }: { section: SettingsSectionKey; title: string }) {
  const { t } = useTranslation('pages');
  return (
    <div data-testid={`settings-section-${section}`}>
      <Typography.Title level={4}>{title}</Typography.Title>
      {section === 'security' ? (
        <SecuritySettings />
      ) : (
        <Empty description={t(`account.settings.${section}.description`)} />
      )}
    </div>
  );
}
