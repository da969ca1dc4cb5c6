import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './wide-public-page.module.css';

interface WidePublicPageProps {
  testId: string;
  /** Beside the portal's name: a sign-in link, the language switch. */
  actions: ReactNode;
  /** The page's own additions to the bar (wrapping, phone padding through --toolbar-padding). */
  toolbarClassName?: string;
  children: ReactNode;
}

/**
 * A page for signed-out readers as wide as the window allows (the overseas lists, the public
 * advisories): the portal's name and `actions` on top, `children` below. Plain HTML, no antd: the
 * overseas lists count every script before their first row.
 */
export function WidePublicPage({ testId, actions, toolbarClassName, children }: WidePublicPageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid={testId}>
      <header className={toolbarClassName ? `${styles.toolbar} ${toolbarClassName}` : styles.toolbar}>
        <h1 className={styles.portal}>{t('app.name')}</h1>
        {actions}
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
