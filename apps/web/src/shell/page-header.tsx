import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  /** Linked unless it is the current page or a menu group without a page of its own. */
  path?: string;
}

/** Breadcrumbs and the page title above the content (spec 2). */
export function PageHeader({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation('menu');
  const current = crumbs.at(-1);
  if (!current) return null;
  return (
    <div data-testid="page-header" style={{ marginBottom: 16 }}>
      <Breadcrumb
        aria-label={t('breadcrumb.label')}
        items={crumbs.map((crumb, index) => ({
          key: `${index}:${crumb.title}`,
          title:
            crumb.path && index < crumbs.length - 1 ? (
              <Link to={crumb.path}>{crumb.title}</Link>
            ) : (
              crumb.title
            ),
        }))}
      />
      <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
        {current.title}
      </Typography.Title>
    </div>
  );
}
