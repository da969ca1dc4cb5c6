import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';

/**
 * A route element whose code loads on first use. Only the sign-in path stays in the entry
 * chunk; the console, the error pages and the placeholder pages are fetched when visited.
 */
export function lazyElement<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props: Props,
): ReactElement {
  const Component = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Component {...props} />
    </Suspense>
  );
}
