import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const SETTINGS_SECTIONS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
export type SettingsSectionKey = (typeof SETTINGS_SECTIONS)[number];

/** One section of the account settings; its form arrives with the account issue. */
export function SettingsSectionPage({ section, title }: { section: SettingsSectionKey; title: string }) {
  const { t } = useTranslation('pages');
  return (
    <div data-testid={`settings-section-${section}`}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Empty description={t(`account.settings.${section}.description`)} />
    </div>
  );
}
