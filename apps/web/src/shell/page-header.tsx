import { Breadcrumb, theme } from 'antd';
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
  const { token } = theme.useToken();
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
      {/* A plain heading in antd's h4 style: Typography would bring its editing code to every page. */}
      <h4
        style={{
          margin: '8px 0 0',
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading4,
          fontWeight: token.fontWeightStrong,
          lineHeight: token.lineHeightHeading4,
        }}
      >
        {current.title}
      </h4>
    </div>
  );
}
