import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's scrolling boxes of a table: sideways (`scroll.x`) and a body under a fixed header. */
const TABLE_SCROLLERS = '.ant-table-content, .ant-table-body';
/** Marks the boxes this module made focusable, so it never undoes what someone else set. */
const MARK = 'data-keyboard-scroll';

/** Whether the box scrolls (its content is larger and its overflow lets it), along either axis. */
function scrolls(box: HTMLElement): boolean {
  const { overflowX, overflowY } = getComputedStyle(box);
  const scrollable = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
  return (
    (scrollable(overflowX) && box.scrollWidth > box.clientWidth) ||
    (scrollable(overflowY) && box.scrollHeight > box.clientHeight)
  );
}

export interface TableScrollFocus {
  /** Names the focusable boxes again (the UI language changed). */
  rename(): void;
  stop(): void;
}

/**
 * Keeps every antd table box under `root` that scrolls reachable by keyboard: while it scrolls it
 * takes the focus (arrow keys then scroll it) as a region named `nameOf()`, and loses both once
 * it fits again (axe scrollable-region-focusable: on a phone, a table of plain text scrolling
 * sideways could not be read past its first columns without a pointer). antd draws that box
 * itself and has no property for its attributes, so this watches the document for it: one
 * place for every table of the console, those written later included.
 */
export function keepTableScrollersFocusable(root: HTMLElement, nameOf: () => string): TableScrollFocus {
  /** Each watched box and the table inside it, whose growth (rows arriving) makes it scroll. */
  const watched = new Map<HTMLElement, Element | null>();

  const update = (box: HTMLElement) => {
    const marked = box.hasAttribute(MARK);
    if (scrolls(box)) {
      // Marked already, or its focus is someone else's choice.
      if (marked || box.hasAttribute('tabindex')) return;
      box.setAttribute(MARK, '');
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', nameOf());
    } else if (marked) {
      for (const attribute of [MARK, 'tabindex', 'role', 'aria-label']) box.removeAttribute(attribute);
    }
  };

  const sizes = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const box = watched.has(target as HTMLElement) ? target : target.parentElement;
      if (box instanceof HTMLElement && watched.has(box)) update(box);
    }
  });

  const watch = (box: HTMLElement) => {
    const table = box.firstElementChild;
    if (watched.has(box) && watched.get(box) === table) return;
    const previous = watched.get(box);
    if (previous) sizes.unobserve(previous);
    watched.set(box, table);
    sizes.observe(box);
    if (table) sizes.observe(table);
    update(box);
  };

  const forget = () => {
    for (const [box, table] of watched) {
      if (box.isConnected) continue;
      sizes.unobserve(box);
      if (table) sizes.unobserve(table);
      watched.delete(box);
    }
  };

  const added = new MutationObserver((records) => {
    for (const { addedNodes, removedNodes } of records) {
      for (const node of addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        // A box added, a box inside what was added, or a new table inside a box already there.
        if (node.matches(TABLE_SCROLLERS)) watch(node);
        if (node.parentElement?.matches(TABLE_SCROLLERS)) watch(node.parentElement);
        for (const box of node.querySelectorAll<HTMLElement>(TABLE_SCROLLERS)) watch(box);
      }
      if (removedNodes.length > 0) forget();
    }
  });

  for (const box of root.querySelectorAll<HTMLElement>(TABLE_SCROLLERS)) watch(box);
  added.observe(root, { childList: true, subtree: true });

  return {
    rename() {
      for (const box of watched.keys()) if (box.hasAttribute(MARK)) box.setAttribute('aria-label', nameOf());
    },
    stop() {
      added.disconnect();
      sizes.disconnect();
      watched.clear();
    },
  };
}

/** The one watcher the mounted antd providers share (there may be several: pages, frame dialogs). */
let shared: { scrollers: TableScrollFocus; users: number; stopNaming: () => void } | undefined;

/**
 * Keeps the document's scrolling antd tables focusable while a component using it is mounted:
 * antd's provider, so the pages without antd (sign-in, the console homes) pay nothing for it.
 */
export function useTableScrollFocus() {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!shared) {
      const scrollers = keepTableScrollersFocusable(document.body, () => i18n.t('common:table.scrollRegion'));
      i18n.on('languageChanged', scrollers.rename);
      shared = { scrollers, users: 0, stopNaming: () => i18n.off('languageChanged', scrollers.rename) };
    }
    shared.users += 1;
    return () => {
      if (!shared || --shared.users > 0) return;
      shared.stopNaming();
      shared.scrollers.stop();
      shared = undefined;
    };
  }, [i18n]);
}
