import { Card, Flex, Grid, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

export interface SettingsSection {
  path: string;
  title: string;
}

/**
 * /account/settings (spec 2): a menu of the sections (from the server's child menus, which
 * carry the translated titles) beside the selected one. Narrow screens put the menu on top,
 * every section in sight.
 */
export function AccountSettingsLayout({ sections }: { sections: SettingsSection[] }) {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  const { md } = Grid.useBreakpoint();
  const selected = sections.find((section) => pathname.startsWith(section.path));

  return (
    <Card data-testid="account-settings">
      <Flex vertical={!md} gap="large">
        <Menu
          data-testid="account-settings-menu"
          aria-label={t('account.settings.menu')}
          mode={md ? 'inline' : 'horizontal'}
          // A phone's row holds a few sections: the rest go on more rows rather than into antd's
          // overflow, whose hidden entries kept their links focusable (axe aria-hidden-focus).
          disabledOverflow={!md}
          style={md ? { width: 224, flexShrink: 0 } : { flexWrap: 'wrap' }}
          selectedKeys={selected ? [selected.path] : []}
          items={sections.map((section) => ({
            key: section.path,
            label: <Link to={section.path}>{section.title}</Link>,
          }))}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Flex>
    </Card>
  );
}
