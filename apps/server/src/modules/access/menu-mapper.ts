import type { Locale, MenuNode } from '@portal/contract';
import type { menus } from '../../db/schema';

type MenuRow = typeof menus.$inferSelect;

export function toMenuNode(row: MenuRow, locale: Locale): MenuNode {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    key: row.name,
    path: row.path,
    component: row.component,
    redirect: row.redirect,
    hideChildren: row.hideChildren,
    meta: {
      title: locale === 'zh-CN' ? row.titleZh : row.titleEn,
      icon: row.icon,
      show: row.show,
      hideChildren: row.hideChildren,
      target: row.target,
      link: row.link,
    },
  };
}

/** The permission code a menu grants: its path without the leading '/', with '/' as ':'. */
export function menuPermissionCode(path: string): string {
  return path.replace(/^\/+/, '').replaceAll('/', ':');
}
