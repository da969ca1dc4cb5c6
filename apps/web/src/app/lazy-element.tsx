import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';

/**
 * A route element whose code loads on first use. Only the sign-in path stays in the entry
 * chunk; the console, the error pages and the other public pages are fetched when visited,
 * together with antd's providers (app/antd-provider.tsx), which the sign-in page does without.
 */
export function lazyElement<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props: Props,
): ReactElement {
  const Component = lazy(async () => {
    const [Page, { AntdProvider }] = await Promise.all([load(), import('./antd-provider')]);
    const WithAntd = (pageProps: Props) => (
      <AntdProvider>
        <Page {...pageProps} />
      </AntdProvider>
    );
    return { default: WithAntd };
  });
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Component {...props} />
    </Suspense>
  );
}
