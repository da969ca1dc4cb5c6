import { ROOT_MENU_PID } from '@portal/contract';

export type TreeOf<T> = T & { children?: TreeOf<T>[] };

/**
 * Nests a flat list by `pid` (root pid 0), keeping the list's order on each level. Rows whose
 * parent is missing are dropped, as in the console menu; a cycle cannot loop.
 */
export function toTree<T extends { id: number; pid: number }>(rows: readonly T[]): TreeOf<T>[] {
  const byParent = new Map<number, T[]>();
  for (const row of rows) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row]);
  const seen = new Set<number>();
  const level = (pid: number): TreeOf<T>[] =>
    (byParent.get(pid) ?? []).flatMap((row) => {
      if (seen.has(row.id)) return [];
      seen.add(row.id);
      const children = level(row.id);
      // antd tables show an expand button for any `children` array, even an empty one.
      return [children.length > 0 ? { ...row, children } : { ...row }];
    });
  return level(ROOT_MENU_PID);
}
