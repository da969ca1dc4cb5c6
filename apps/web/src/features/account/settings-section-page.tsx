import { Empty, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export const SETTINGS_SECTIONS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
export type SettingsSectionKey = (typeof SETTINGS_SECTIONS)[number];

// Its own chunk: the forms and tables are only downloaded when the section is opened.
const SecuritySettings = lazy(() =>
  import('./components/security-settings').then((m) => ({ default: m.SecuritySettings })),
);

/** One section of the account settings; those not built yet show what they will hold. */
export function SettingsSectionPage({ section, title }: { section: SettingsSectionKey; title: string }) {
  const { t } = useTranslation('pages');
  return (
    <div data-testid={`settings-section-${section}`}>
      <Typography.Title level={4}>{title}</Typography.Title>
      {section === 'security' ? (
        <Suspense fallback={<Spin />}>
          <SecuritySettings />
        </Suspense>
      ) : (
        <Empty description={t(`account.settings.${section}.description`)} />
      )}
    </div>
  );
}
