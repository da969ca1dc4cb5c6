import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { reloadPage } from '@/lib/browser-location';
import { clearSession } from '@/lib/session';

/**
 * Spec 5 "Menu required": a user without any menu cannot use the console. The dialog's
 * confirm signs out and reloads; if the server cannot be told, the local session still ends.
 */
export function NoMenuDialog() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const { mutate: signOut } = useSignOut();

  useEffect(() => {
    const dialog = modal.error({
      title: t('noMenu.title'),
      content: <span data-testid="no-menu-dialog">{t('noMenu.content')}</span>,
      okText: t('noMenu.ok'),
      onOk: () =>
        signOut(undefined, {
          onError: () => {
            clearSession();
            reloadPage();
          },
        }),
    });
    return () => dialog.destroy();
  }, [modal, signOut, t]);

  return null;
}
