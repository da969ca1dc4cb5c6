import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { UserButton } from './user-menu-button';

export interface UserMenuProps {
  userName: string;
  /** The avatar image (an object URL); the generic icon while there is none. */
  avatarSrc?: string;
  /** Spec 2/6: account settings exist only for users whose sourceType is '01'; undefined hides the entry. */
  accountSettingsPath: string | undefined;
  onLogout: () => void;
  loggingOut: boolean;
  /** Opened at once, with the focus on its button: the user clicked before this code was in. */
  initiallyOpen: boolean;
}

/** The user dropdown of the header: personal center, account settings, individual account, logout. */
export function UserMenu({
  userName,
  avatarSrc,
  accountSettingsPath,
  onLogout,
  loggingOut,
  initiallyOpen,
}: UserMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(initiallyOpen);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (initiallyOpen) buttonRef.current?.focus();
  }, [initiallyOpen]);
  const items: MenuProps['items'] = [
    { key: paths.accountCenter, icon: <UserOutlined />, label: t('user.center') },
    ...(accountSettingsPath
      ? [{ key: accountSettingsPath, icon: <SettingOutlined />, label: t('user.settings') }]
      : []),
    { key: 'individual', icon: <UserOutlined />, label: t('user.individual') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      disabled: loggingOut,
      label: <span data-testid="logout">{t('user.logout')}</span>,
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'logout') onLogout();
    // The old console's "individual account" entry leads to the personal center too.
    else navigate(key === 'individual' ? paths.accountCenter : key);
  };
  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      // Drawn beside its button, in the header, not at the end of the page: in the sticky header
      // a page scroll left the menu behind until the next frame realigned it, and a click made in
      // between reached the header instead of the item (a lost sign-out in CI, 2026-12-05).
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
    >
      <UserButton
        ref={buttonRef}
        userName={userName}
        avatarSrc={avatarSrc}
        aria-expanded={open}
        disabled={loggingOut}
        aria-busy={loggingOut || undefined}
      />
    </Dropdown>
  );
}
