import { memo, useDeferredValue, useEffect } from 'react';
import { AfterFirstCommit } from '@/lib/after-first-commit';
import { useUrlFilters } from '@/lib/url-filters';
import { firstPageSettled } from '@/lib/use-paged-list-table';
import { useAdvisories } from '../api/get-advisories';
import { type AdvisoryListState, advisoryListCodec, listQueryOf } from '../utils/advisory-list-params';
import { AdvisoryFilters } from './advisory-filters';
import { AdvisoryTable } from './advisory-table';

/**
 * The customer list: filters and paging kept in the address, so a filtered list is a link.
 * `onFirstPage` is called once its first page has come or failed, for what the page shows below it.
 */
export function AdvisoryList({ signedIn, onFirstPage }: { signedIn: boolean; onFirstPage?: () => void }) {
  const [state, update] = useUrlFilters(advisoryListCodec);
  // A query's answer is rendered synchronously (the query cache is an external store), and the
  // filter bar and table re-rendering with it made one long task. Deferred, the answer renders in
  // slices that let the browser in, and the urgent render stops at the memoised body.
  const query = useDeferredValue(useAdvisories(listQueryOf(state, signedIn)));
  const settled = firstPageSettled(query);
  useEffect(() => {
    if (settled) onFirstPage?.();
  }, [settled, onFirstPage]);
  return <AdvisoryListBody query={query} state={state} update={update} signedIn={signedIn} />;
}

interface BodyProps {
  query: ReturnType<typeof useAdvisories>;
  state: AdvisoryListState;
  update: (change: (current: AdvisoryListState) => AdvisoryListState) => void;
  signedIn: boolean;
}

const AdvisoryListBody = memo(function AdvisoryListBody({ query, state, update, signedIn }: BodyProps) {
  const change = (next: AdvisoryListState) => update(() => next);
  return (
    <>
      <AdvisoryFilters state={state} onChange={change} signedIn={signedIn} />
      {/* The table (below the filters, so nothing moves) in a commit of its own. */}
      <AfterFirstCommit>
        <AdvisoryTable query={query} state={state} onChange={change} />
      </AfterFirstCommit>
    </>
  );
});
