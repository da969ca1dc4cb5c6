import { useEffect } from 'react';
import { useUrlFilters } from '@/lib/url-filters';
import { firstPageSettled } from '@/lib/use-paged-list-table';
import { useAdvisories } from '../api/get-advisories';
import { advisoryListCodec, listQueryOf } from '../utils/advisory-list-params';
import { AdvisoryFilters } from './advisory-filters';
import { AdvisoryTable } from './advisory-table';

/**
 * The customer list: filters and paging kept in the address, so a filtered list is a link.
 * `onFirstPage` is called once its first page has come or failed, for what the page shows below it.
 */
export function AdvisoryList({ signedIn, onFirstPage }: { signedIn: boolean; onFirstPage?: () => void }) {
  const [state, update] = useUrlFilters(advisoryListCodec);
  const query = useAdvisories(listQueryOf(state, signedIn));
  const change = (next: typeof state) => update(() => next);
  const settled = firstPageSettled(query);
  useEffect(() => {
    if (settled) onFirstPage?.();
  }, [settled, onFirstPage]);
  return (
    <>
      <AdvisoryFilters state={state} onChange={change} signedIn={signedIn} />
      <AdvisoryTable query={query} state={state} onChange={change} />
    </>
  );
}
