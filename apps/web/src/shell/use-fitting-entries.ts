import { useLayoutEffect, useRef, useState } from 'react';
import type { MenuRoute } from '@/lib/menu-tree';

/**
 * How many top-level entries of the top menu fit in its row; the others fold into a last "…"
 * group, as antd's horizontal Menu does (rc-overflow). Every entry stays rendered (the folded
 * ones unseen) so that the widths are measured again whenever the row, a title (the language)
 * or the menu changes.
 */
export function useFittingEntries(active: boolean, menu: readonly MenuRoute[]) {
  const listRef = useRef<HTMLUListElement>(null);
  const [fitting, setFitting] = useState(menu.length);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!active || !list) {
      setFitting(menu.length);
      return undefined;
    }
    const measure = () => {
      const items = [...list.children] as HTMLElement[];
      const more = items.find((item) => item.dataset.testid === 'nav-menu-more');
      const widths = items.filter((item) => item !== more).map((item) => item.getBoundingClientRect().width);
      const available = list.clientWidth;
      if (widths.reduce((sum, width) => sum + width, 0) <= available + 0.5) return setFitting(widths.length);
      let used = more?.getBoundingClientRect().width ?? 0;
      let count = 0;
      while (count < widths.length && used + (widths[count] ?? 0) <= available + 0.5)
        used += widths[count++] ?? 0;
      setFitting(count);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [active, menu]);
  return { listRef, fitting: Math.min(fitting, menu.length) };
}
