import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './page-header.module.css';

export interface Crumb {
  title: string;
  /** Linked unless it is the current page or a menu group without a page of its own. */
  path?: string;
}

/**
 * Breadcrumbs and the page title above the content (spec 2), drawn like antd's Breadcrumb and
 * an h4 title in plain markup: every console page, the home included, shows them before antd loads.
 */
export function PageHeader({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation('menu');
  const current = crumbs.at(-1);
  if (!current) return null;
  return (
    <div data-testid="page-header" className={styles.header}>
      <nav aria-label={t('breadcrumb.label')}>
        <ol className={styles.crumbs}>
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <Fragment key={`${index}:${crumb.title}`}>
                <li className={last ? styles.current : undefined} aria-current={last ? 'page' : undefined}>
                  {crumb.path && !last ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title}
                </li>
                {!last && (
                  <li className={styles.separator} aria-hidden>
                    /
                  </li>
                )}
              </Fragment>
            );
          })}
        </ol>
      </nav>
      <h4 className={styles.title}>{current.title}</h4>
    </div>
  );
}
