import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TabAction } from './tab-rules';

type MenuAction = Exclude<TabAction['type'], 'open'>;

/** Menu order, keys and test hooks of the context menu (close current / right / left / all). */
const MENU_ENTRIES = [
  { action: 'close', labelKey: 'menu.closeCurrent', testId: 'tab-menu-close-current' },
  { action: 'closeRight', labelKey: 'menu.closeRight', testId: 'tab-menu-close-right' },
  { action: 'closeLeft', labelKey: 'menu.closeLeft', testId: 'tab-menu-close-left' },
  { action: 'closeAll', labelKey: 'menu.closeAll', testId: 'tab-menu-close-all' },
] as const satisfies readonly { action: MenuAction; labelKey: string; testId: string }[];

interface TabLabelProps {
  /** The tab's full path. */
  tabKey: string;
  title: string;
  onAction(action: TabAction): void;
}

/** A tab's title with its right-click menu; every menu action is about this tab, not the active one. */
export function TabLabel({ tabKey, title, onAction }: TabLabelProps) {
  const { t } = useTranslation('tabs');
  const items: MenuProps['items'] = MENU_ENTRIES.map(({ action, labelKey, testId }) => ({
    key: action,
    label: <span data-testid={testId}>{t(labelKey)}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // The menu renders in a portal, but React still bubbles its click to the tab, which would
    // activate the right-clicked tab after the action ran.
    domEvent.stopPropagation();
    const entry = MENU_ENTRIES.find((candidate) => candidate.action === key);
    if (entry) onAction({ type: entry.action, key: tabKey });
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['contextMenu']}>
      <span data-testid={`tab-${tabKey}`} data-tab-key={tabKey}>
        {title}
      </span>
    </Dropdown>
  );
}
