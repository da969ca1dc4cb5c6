import { BellOutlined, HistoryOutlined } from '@ant-design/icons';
import { type LoginUser, SOURCE_TYPE_REGISTERED } from '@portal/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithAntd } from '@/app/lazy-element';
import { LanguageSwitch } from '@/components/language-switch';
import { useAvatarUrl } from '@/features/account/api/get-avatar-preview';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { AppSwitchDialog } from '@/shell/app-switch-dialog';
import { IconButton } from '@/shell/icon-button';
import { SettingsButton } from '@/shell/settings';
import { useIdle } from '@/shell/use-idle';
import { OpenedOnce } from '@/shell/opened-once';
import styles from '@/shell/basic-layout.module.css';
import { UserMenuButton } from '@/shell/user-menu-button';

/*
 * The notices (badge, popover, list, detail dialog) and the release notes (modal, paged list)
 * are chunks of their own, so the console home does not wait for them: the notices load once
 * the browser is idle after the page, the release notes when first opened.
 */
const NoticeIcon = lazyWithAntd(() => import('@/features/notices').then((m) => m.NoticeIcon));
const ReleaseNotesModal = lazyWithAntd(() =>
  import('@/features/release-notes').then((m) => m.ReleaseNotesModal),
);

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
  const idle = useIdle();
  const avatarSrc = useAvatarUrl(user.avatar);

  return (
    <>
      <AppSwitchDialog apps={user.apps} activeCode={activeCode} onSwitch={onSwitch} switching={switching} />
      {idle ? (
        <Suspense fallback={<NoticeIconPlaceholder />}>
          <NoticeIcon />
        </Suspense>
      ) : (
        <NoticeIconPlaceholder />
      )}
      <IconButton
        label={t('header.releaseNotes')}
        icon={<HistoryOutlined />}
        testId="release-notes-button"
        onClick={() => setReleaseNotesOpen(true)}
      />
      <OpenedOnce open={releaseNotesOpen}>
        {(open) => <ReleaseNotesModal open={open} onClose={() => setReleaseNotesOpen(false)} />}
      </OpenedOnce>
      <SettingsButton />
      <LanguageSwitch />
      <UserMenuButton
        userName={displayNameOf(user)}
        avatarSrc={avatarSrc}
        accountSettingsPath={user.sourceType === SOURCE_TYPE_REGISTERED ? accountSettingsPath : undefined}
        onLogout={() => signOut.mutate()}
        loggingOut={signOut.isPending}
      />
    </>
  );
}

/** Holds the bell's place (same size, no layout shift) while its code loads. */
function NoticeIconPlaceholder() {
  return (
    <span className={styles.placeholder} aria-hidden>
      <BellOutlined />
    </span>
  );
}
