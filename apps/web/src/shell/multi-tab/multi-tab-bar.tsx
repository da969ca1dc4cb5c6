import { App, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMultiTabs } from './multi-tab-context';
import { TabLabel } from './tab-label';
import type { TabAction, TabWarning } from './tab-rules';

const WARNING_KEYS = {
  lastTab: 'message.lastTab',
  noLeft: 'message.noLeft',
  noRight: 'message.noRight',
} as const satisfies Record<TabWarning, string>;

interface MultiTabBarProps {
  /** Title of the page at a full path (the integrator resolves menu titles); '' falls back to the path. */
  getTitle: (fullPath: string) => string;
}

/** The bar of open pages (spec 2): click to switch, close button, right-click menu. */
export function MultiTabBar({ getTitle }: MultiTabBarProps) {
  const { t } = useTranslation('tabs');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { tabs, activeKey, apply } = useMultiTabs();

  const run = (action: TabAction) => {
    const warning = apply(action);
    if (warning) void message.warning(t(WARNING_KEYS[warning]));
  };

  const items: TabsProps['items'] = tabs.map((key) => ({
    key,
    label: <TabLabel tabKey={key} title={getTitle(key) || key} onAction={run} />,
    // The last tab has no close button (spec 2); its context menu explains why instead.
    closable: tabs.length > 1,
  }));

  const onEdit: TabsProps['onEdit'] = (target, action) => {
    if (action === 'remove' && typeof target === 'string') run({ type: 'close', key: target });
  };

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      items={items}
      onChange={(key) => void navigate(key)}
      onEdit={onEdit}
      aria-label={t('bar.label')}
      data-testid="multi-tab-bar"
    />
  );
}
