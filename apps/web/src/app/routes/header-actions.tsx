import { HistoryOutlined } from '@ant-design/icons';
import { type LoginUser, SOURCE_TYPE_REGISTERED } from '@portal/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithAntd } from '@/app/lazy-element';
import { LanguageSwitch } from '@/components/language-switch';
import { useAvatarUrl } from '@/features/account/api/get-avatar-preview';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { NoticeBellButton } from '@/features/notices/components/notice-bell-button';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { AppSwitchDialog } from '@/shell/app-switch-dialog';
import { IconButton } from '@/shell/icon-button';
import { SettingsButton } from '@/shell/settings';
import { OpenedOnce } from '@/shell/opened-once';
import { useFirstInteraction } from '@/shell/use-first-interaction';
import { UserMenuButton } from '@/shell/user-menu-button';

/*
 * The notices (badge, popover, list, detail dialog) and the release notes (modal, paged list)
 * are chunks of their own, so the console home does not wait for them: the notices popover loads
 * on the reader's first interaction (shell/use-first-interaction.ts; until then a plain bell shows
 * the unread count), the release notes when first opened.
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
  const interacted = useFirstInteraction();
  const [noticesWanted, setNoticesWanted] = useState(false);
  const avatarSrc = useAvatarUrl(user.avatar);

  return (
    <>
      <AppSwitchDialog apps={user.apps} activeCode={activeCode} onSwitch={onSwitch} switching={switching} />
      {interacted || noticesWanted ? (
        <Suspense
          fallback={
            <NoticeBellButton aria-busy={noticesWanted || undefined} onClick={() => setNoticesWanted(true)} />
          }
        >
          <NoticeIcon initiallyOpen={noticesWanted} />
        </Suspense>
      ) : (
        <NoticeBellButton onClick={() => setNoticesWanted(true)} />
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
