import type { TFunction } from 'i18next';
import type { BundledNamespace } from '@/locales';

/** What a route declares in `handle`; read back through useMatches(). */
export interface RouteHandle {
  /**
   * The page title, resolved at render time so it follows the UI language. Only bundled
   * namespaces: the title is needed before a lazily loaded page (or its texts) has arrived.
   */
  title: (t: TFunction<BundledNamespace[]>) => string;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof Reflect.get(handle, 'title') === 'function';
}
