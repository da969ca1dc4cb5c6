import { CATALOG_SEARCH_MAX_LENGTH, FIRST_PAGE } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersions } from '../../api/get-versions';
import { FIRST_PAGE_PAGING, type TablePaging } from '../../utils/table-paging';
import type { VersionFilters } from '../version-table';
import styles from './public-list.module.css';
import { PublicPager } from './public-pager';
import { PublicVersionTable } from './public-version-table';

type PublicVersionListProps = {
  filters: VersionFilters;
  testId: string;
};

/**
 * The overseas pages' list of public versions: a keyword box, the rows with their checksums
 * and download buttons, and the pager. Drawn in plain markup, not with antd's Table like every
 * signed-in list (../version-table.tsx): these pages are a customer's first sight of the
 * portal, often from a link on another site, and antd's table with its providers took about
 * 280 ms of the half second their first row may take (issue 18, bench/README.md). Same server
 * query, same texts.
 */
export function PublicVersionList({ filters, testId }: PublicVersionListProps) {
  const { t } = useTranslation('catalog');
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState<TablePaging>(FIRST_PAGE_PAGING);
  const [downloadError, setDownloadError] = useState<string>();
  const versions = useVersions({ ...filters, q: q || undefined, ...paging }, true);

  const search = (value: string) => {
    setQ(value.trim());
    // A new search starts over at the first page: the old page number may no longer exist.
    setPaging((current) => ({ ...current, pageNo: FIRST_PAGE }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(String(new FormData(event.currentTarget).get('q') ?? ''));
  };

  return (
    <div data-testid={testId}>
      <form role="search" className={styles.search} onSubmit={onSubmit}>
        <input
          type="search"
          name="q"
          className={styles.searchInput}
          placeholder={t('filter.search')}
          aria-label={t('filter.search')}
          maxLength={CATALOG_SEARCH_MAX_LENGTH}
          // Clearing the box (its × or by hand) shows the whole list again, as antd's did.
          onChange={(event) => event.currentTarget.value === '' && q !== '' && search('')}
          data-testid={`${testId}-search`}
        />
        <button type="submit" className={styles.button}>
          {t('overseas.search')}
        </button>
      </form>
      {versions.error && (
        <div role="alert" className={styles.alert}>
          <strong>{t('list.loadFailed')}</strong>
          <div>{versions.error.message}</div>
        </div>
      )}
      {downloadError && (
        <div role="alert" className={styles.alert}>
          <strong>{t('download.failed')}</strong>
          <div>{downloadError}</div>
        </div>
      )}
      <PublicVersionTable
        rows={versions.data?.rows}
        busy={versions.isFetching}
        paging={paging}
        onSort={(sortField, sortOrder) => setPaging({ ...paging, pageNo: FIRST_PAGE, sortField, sortOrder })}
        onDownloadResult={setDownloadError}
      />
      <PublicPager paging={paging} total={versions.data?.totalRows ?? 0} onChange={setPaging} />
    </div>
  );
}
