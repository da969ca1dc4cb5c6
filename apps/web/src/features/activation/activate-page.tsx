import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LicencePanel } from './components/licence-panel';

/**
 * /tools/activate: the platform's activate and trial subpages on one page, with the history of
 * codes (also reachable as subpages of the software download page).
 */
export function ActivatePage({ title }: { title: string }) {
  const { t } = useTranslation('activation');
  return (
    <Card title={title} data-testid="activate-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'code', label: t('tab.activate'), children: <LicencePanel view="activate" /> },
          { key: 'trial', label: t('tab.trial'), children: <LicencePanel view="trial" /> },
          { key: 'history', label: t('tab.history'), children: <LicencePanel view="history" /> },
        ]}
      />
    </Card>
  );
}
