import { useUrlFilters } from '@/lib/url-filters';
import { useAdvisories } from '../api/get-advisories';
import { advisoryListCodec, listQueryOf } from '../utils/advisory-list-params';
import { AdvisoryFilters } from './advisory-filters';
import { AdvisoryTable } from './advisory-table';

/** The customer list: filters and paging kept in the address, so a filtered list is a link. */
export function AdvisoryList({ signedIn }: { signedIn: boolean }) {
  const [state, update] = useUrlFilters(advisoryListCodec);
  const query = useAdvisories(listQueryOf(state, signedIn));
  const change = (next: typeof state) => update(() => next);
  return (
    <>
      <AdvisoryFilters state={state} onChange={change} signedIn={signedIn} />
      <AdvisoryTable query={query} state={state} onChange={change} />
    </>
  );
}
