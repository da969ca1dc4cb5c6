import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTableScrollersFocusable, type TableScrollFocus } from './table-scroll-focus';

/** jsdom lays nothing out: the sizes a browser would measure, and the resize it would report. */
class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  /** What the browser reports when `target` changed size. */
  resized(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

/** antd's sideways scrolling box of a table (`scroll.x`), its table `tableWidth` px wide in `width` px. */
function tableBox(width: number, tableWidth: number, overflowX = 'auto') {
  const box = document.createElement('div');
  box.className = 'ant-table-content';
  box.style.overflowX = overflowX;
  box.appendChild(document.createElement('table'));
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: width });
  setContentWidth(box, tableWidth);
  return box;
}

function setContentWidth(box: HTMLElement, width: number) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: width });
}

const focusable = (box: HTMLElement) => ({
  tabIndex: box.getAttribute('tabindex'),
  role: box.getAttribute('role'),
  name: box.getAttribute('aria-label'),
});

const NOT_FOCUSABLE = { tabIndex: null, role: null, name: null };
/** Mutation observers answer after the task that changed the document. */
const mutationsSeen = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepTableScrollersFocusable', () => {
  let root: HTMLElement;
  let watcher: TableScrollFocus | undefined;
  let name = 'Scrollable table';

  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    root = document.createElement('div');
    document.body.appendChild(root);
  });
  afterEach(() => {
    watcher?.stop();
    root.remove();
  });

  it('makes a table box that scrolls sideways focusable and named, until it fits again', () => {
    const box = tableBox(310, 620);
    root.appendChild(box);
    watcher = keepTableScrollersFocusable(root, () => name);
    expect(focusable(box)).toEqual({ tabIndex: '0', role: 'region', name: 'Scrollable table' });

    // The window grew (a phone turned sideways): the table fits, so no stop for the keyboard.
    Object.defineProperty(box, 'clientWidth', { configurable: true, value: 700 });
    FakeResizeObserver.last?.resized(box);
    expect(focusable(box)).toEqual(NOT_FOCUSABLE);
  });

  it('watches a table shown later and its rows arriving, and names it again in a new language', async () => {
    watcher = keepTableScrollersFocusable(root, () => name);
    const box = tableBox(310, 300);
    root.appendChild(box);
    await mutationsSeen();
    expect(focusable(box)).toEqual(NOT_FOCUSABLE);

    // The rows widen the table, not its box: the table's own size is watched too.
    const table = box.querySelector('table');
    expect(table && FakeResizeObserver.last?.observed.has(table)).toBe(true);
    setContentWidth(box, 640);
    if (table) FakeResizeObserver.last?.resized(table);
    expect(focusable(box).tabIndex).toBe('0');

    name = '可滚动的表格';
    watcher.rename();
    expect(focusable(box).name).toBe('可滚动的表格');
  });

  it('leaves alone a box that does not scroll, and the focus someone else gave', () => {
    const clipped = tableBox(310, 620, 'hidden');
    const own = tableBox(310, 620);
    own.tabIndex = -1;
    root.append(clipped, own);
    watcher = keepTableScrollersFocusable(root, () => name);
    expect(focusable(clipped)).toEqual(NOT_FOCUSABLE);
    expect(focusable(own)).toEqual({ ...NOT_FOCUSABLE, tabIndex: '-1' });
  });

  it('stops watching a table once it is gone', async () => {
    const box = tableBox(310, 620);
    root.appendChild(box);
    watcher = keepTableScrollersFocusable(root, () => name);
    expect(FakeResizeObserver.last?.observed.has(box)).toBe(true);
    box.remove();
    await mutationsSeen();
    expect(FakeResizeObserver.last?.observed.size).toBe(0);
  });
});
