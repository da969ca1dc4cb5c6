import { useMemo } from 'react';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { buildMenuTree, type MenuRoute } from '@/lib/menu-tree';

/**
 * The menu tree of the active application. It follows the cached user, whose `menus` an
 * application switch replaces and a language change refetches (titles come translated).
 */
export function useMenuTree(): MenuRoute[] {
  const menus = useLoginUser().data?.menus;
  return useMemo(() => buildMenuTree(menus ?? []), [menus]);
}
