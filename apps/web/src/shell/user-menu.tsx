import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import styles from './basic-layout.module.css';

interface UserMenuProps {
  userName: string;
  /** The avatar image (an object URL); the generic icon while there is none. */
  avatarSrc?: string;
  /** Spec 2/6: account settings exist only for users whose sourceType is '01'; undefined hides the entry. */
  accountSettingsPath: string | undefined;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The user dropdown of the header: personal center, account settings, individual account, logout. */
export function UserMenu({ userName, avatarSrc, accountSettingsPath, onLogout, loggingOut }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
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
    if (key === 'logout') onLogout();
    // The old console's "individual account" entry leads to the personal center too.
    else navigate(key === 'individual' ? paths.accountCenter : key);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* Named by the user's name it shows, not by a different label (WCAG 2.5.3). */}
      <Button type="text" data-testid="user-menu" aria-haspopup="menu" loading={loggingOut}>
        <Avatar size="small" src={avatarSrc} icon={<UserOutlined />} data-testid="user-avatar" aria-hidden />
        <span className={styles.userName} data-testid="current-user">
          {userName}
        </span>
      </Button>
    </Dropdown>
  );
}
