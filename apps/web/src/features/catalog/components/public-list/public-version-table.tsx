import type { CatalogSortField, CatalogVersionRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/components/visually-hidden';
import type { SortOrder, TablePaging } from '../../utils/table-paging';
import styles from './public-list.module.css';
import { PublicVersionRow } from './public-version-row';

type PublicVersionTableProps = {
  /** Undefined until the first page has arrived. */
  rows: CatalogVersionRow[] | undefined;
  busy: boolean;
  paging: TablePaging;
  onSort: (field: CatalogSortField | undefined, order: SortOrder | undefined) => void;
  /** A refused download's reason, or undefined when a download starts. */
  onDownloadResult: (error: string | undefined) => void;
};

type Column = { key: string; title: string; sort?: CatalogSortField; wide?: boolean };

/** A column's next sort on a click, as antd's tables cycle: ascending, descending, none. */
function nextOrder(current: SortOrder | undefined): SortOrder | undefined {
  if (current === undefined) return 'ascend';
  return current === 'ascend' ? 'descend' : undefined;
}

const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

/** The public list's table: sortable headings, one row per version, its checksums below it. */
export function PublicVersionTable({
  rows,
  busy,
  paging,
  onSort,
  onDownloadResult,
}: PublicVersionTableProps) {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  // `wide`: hidden on phones (< 576 px), where the expanded row shows them instead.
  const columns: Column[] = [
    { key: 'name', title: t('column.name'), sort: 'name' },
    { key: 'version', title: t('column.version'), sort: 'version' },
    { key: 'releaseDate', title: t('column.releaseDate'), sort: 'releaseDate', wide: true },
    { key: 'os', title: t('column.os'), wide: true },
    { key: 'arch', title: t('column.arch'), wide: true },
    { key: 'fileName', title: t('column.fileName'), wide: true },
    { key: 'size', title: t('column.size'), sort: 'size', wide: true },
  ];
  const orderOf = (field: CatalogSortField) => (paging.sortField === field ? paging.sortOrder : undefined);

  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className={styles.expandCell}>
              <VisuallyHidden>{t('overseas.checksums')}</VisuallyHidden>
            </th>
            {columns.map((column) => {
              const order = column.sort && orderOf(column.sort);
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.wide ? styles.wide : undefined}
                  aria-sort={order ? ARIA_SORT[order] : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => {
                        const next = nextOrder(order);
                        onSort(next && column.sort, next);
                      }}
                    >
                      {column.title}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {order === 'ascend' ? '▲' : order === 'descend' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
            <th scope="col" className={styles.actionsCell}>
              {t('column.actions')}
            </th>
          </tr>
        </thead>
        <tbody className={busy ? styles.fetching : undefined}>
          {rows?.map((row) => (
            <PublicVersionRow
              key={row.versionId}
              row={row}
              columnCount={columns.length + 2}
              onDownloadResult={onDownloadResult}
            />
          ))}
          {(rows === undefined || rows.length === 0) && (
            <tr>
              <td colSpan={columns.length + 2} className={styles.placeholder}>
                {rows === undefined ? (busy ? tCommon('app.loading') : '') : t('list.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
