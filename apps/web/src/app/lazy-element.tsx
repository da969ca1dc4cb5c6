import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';

/**
 * A component whose code loads on first render, together with antd's providers
 * (app/antd-provider.tsx), which it renders in. For everything that uses antd: pages, and the
 * console frame's dialogs, drawers and menus, which the frame itself (drawn without antd) opens.
 */
export function lazyWithAntd<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [Component, { AntdProvider }] = await Promise.all([load(), import('./antd-provider')]);
    const WithAntd = (props: Props) => (
      <AntdProvider>
        <Component {...props} />
      </AntdProvider>
    );
    return { default: WithAntd };
  });
}

/**
 * A route element whose code loads on first use. Only the sign-in path stays in the entry
 * chunk; the console, the error pages and the other public pages are fetched when visited,
 * with antd's providers unless `antd` is false: the sign-in page does without antd, and so does
 * the console frame, whose pages each bring it (app/routes/console-route-kit.tsx).
 */
export function lazyElement<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props: Props,
  { antd = true }: { antd?: boolean } = {},
): ReactElement {
  const Component = antd ? lazyWithAntd(load) : lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Component {...props} />
    </Suspense>
  );
}
