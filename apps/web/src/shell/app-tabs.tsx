import type { AppEntry } from '@portal/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

interface AppTabsProps {
  apps: readonly AppEntry[];
  activeCode: string | undefined;
  onSwitch: (code: string) => void;
  /** While a switch is under way the tabs stay put, so two requests cannot race. */
  switching: boolean;
}

/** One header tab per application the user has (spec 2); choosing one switches the menus. */
export function AppTabs({ apps, activeCode, onSwitch, switching }: AppTabsProps) {
  const { t } = useTranslation('shell');
  if (apps.length === 0) return null;
  return (
    <Tabs
      aria-label={t('apps.label')}
      data-testid="app-tabs"
      size="small"
      activeKey={activeCode}
      onChange={(code) => {
        if (!switching && code !== activeCode) onSwitch(code);
      }}
      items={apps.map((app) => ({
        key: app.code,
        label: <span data-testid={`app-tab-${app.code}`}>{app.name}</span>,
        disabled: switching && app.code !== activeCode,
      }))}
      tabBarStyle={{ margin: 0 }}
    />
  );
}
