import { HistoryOutlined } from '@ant-design/icons';
import { type LoginUser, SOURCE_TYPE_REGISTERED } from '@portal/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { useAvatarUrl } from '@/features/account/api/get-avatar-preview';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { NoticeIcon } from '@/features/notices';
import { ReleaseNotesModal } from '@/features/release-notes';
import { AppSwitchDialog } from '@/shell/app-switch-dialog';
import { SettingsButton } from '@/shell/settings';
import { UserMenu } from '@/shell/user-menu';

interface HeaderActionsProps {
  user: LoginUser;
  activeCode: string | undefined;
  onSwitch: (application: string) => void;
  switching: boolean;
  /** Where "account settings" leads (its default section), resolved from the menu routes. */
  accountSettingsPath: string;
}

/** The right side of the header: switch dialog, notices, release notes, settings, language, user. */
export function HeaderActions({
  user,
  activeCode,
  onSwitch,
  switching,
  accountSettingsPath,
}: HeaderActionsProps) {
  const { t } = useTranslation('shell');
  const signOut = useSignOut();
  const [releaseNotesOpen, setReleaseNotesOpen] = useState(false);
  const avatarSrc = useAvatarUrl(user.avatar);

  return (
    <>
      <AppSwitchDialog apps={user.apps} activeCode={activeCode} onSwitch={onSwitch} switching={switching} />
      <NoticeIcon />
      <Tooltip title={t('header.releaseNotes')}>
        <Button
          type="text"
          icon={<HistoryOutlined />}
          aria-label={t('header.releaseNotes')}
          data-testid="release-notes-button"
          onClick={() => setReleaseNotesOpen(true)}
        />
      </Tooltip>
      <ReleaseNotesModal open={releaseNotesOpen} onClose={() => setReleaseNotesOpen(false)} />
      <SettingsButton />
      <LanguageSwitch />
      <UserMenu
        userName={displayNameOf(user)}
        avatarSrc={avatarSrc}
        accountSettingsPath={user.sourceType === SOURCE_TYPE_REGISTERED ? accountSettingsPath : undefined}
        onLogout={() => signOut.mutate()}
        loggingOut={signOut.isPending}
      />
    </>
  );
}
