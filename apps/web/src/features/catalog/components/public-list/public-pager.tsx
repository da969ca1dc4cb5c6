import { FIRST_PAGE } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowTotal } from '@/lib/show-total';
import type { TablePaging } from '../../utils/table-paging';
import styles from './public-list.module.css';

/** The page sizes antd's pager offers, so the public list reads like the others. */
const PAGE_SIZES = [10, 20, 50, 100] as const;

type PublicPagerProps = {
  paging: TablePaging;
  total: number;
  onChange: (paging: TablePaging) => void;
};

/** "1-10 of 23" (as every table says it), previous and next, the page number, and the page size. */
export function PublicPager({ paging, total, onChange }: PublicPagerProps) {
  const { t } = useTranslation('catalog');
  const showTotal = useShowTotal();
  const sizeId = useId();
  const { pageNo, pageSize } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (pageNo - 1) * pageSize + 1;
  const to = Math.min(total, pageNo * pageSize);
  const goTo = (page: number) => onChange({ ...paging, pageNo: page });
  return (
    <nav className={styles.pager} aria-label={t('overseas.pager')}>
      <span>{showTotal(total, [from, to])}</span>
      <button
        type="button"
        className={styles.button}
        disabled={pageNo <= FIRST_PAGE}
        onClick={() => goTo(pageNo - 1)}
      >
        {t('overseas.previousPage')}
      </button>
      <span aria-live="polite">{t('overseas.pageOf', { page: pageNo, pages })}</span>
      <button
        type="button"
        className={styles.button}
        disabled={pageNo >= pages}
        onClick={() => goTo(pageNo + 1)}
      >
        {t('overseas.nextPage')}
      </button>
      <label htmlFor={sizeId}>{t('overseas.pageSize')}</label>
      <select
        id={sizeId}
        className={styles.select}
        value={pageSize}
        // A new page size starts over at the first page, as the row offsets change.
        onChange={(event) =>
          onChange({ ...paging, pageNo: FIRST_PAGE, pageSize: Number(event.target.value) })
        }
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
