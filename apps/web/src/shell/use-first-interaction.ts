import { useSyncExternalStore } from 'react';

/*
 * The console frame's antd extras (the user menu's dropdown, the notices popover: antd's core and
 * styles, about 150 kB compressed) load on the reader's first interaction, not when the browser
 * is idle: loaded at idle, their code still ran on the main thread while the page was being read
 * (issue 42 §1: total blocking time 1.2 s on the signed-in home). A key or a press anywhere, or the
 * pointer reaching the header, counts; until then the header draws them in plain markup.
 */

/**
 * A press or a key anywhere means the reader is acting. The extras come once it is over (the
 * click it makes has been handled): swapping the header's plain buttons for antd's between a
 * press and its release would send the click to neither.
 */
const ANYWHERE: Readonly<Record<string, string>> = {
  pointerdown: 'pointerup',
  touchstart: 'touchend',
  keydown: 'keyup',
};
/** The pointer reaching the header, before any press there: intent to use its tools. */
const HEADER_SELECTOR = '[data-testid="global-header"]';
/** An end event that never comes (focus left the window) does not hold the extras back for long. */
const END_WAIT_MS = 1000;

let interacted = false;
let ending = false;
const subscribers = new Set<() => void>();
const options = { capture: true, passive: true } as const;

function markInteracted() {
  if (interacted) return;
  interacted = true;
  for (const name of Object.keys(ANYWHERE)) window.removeEventListener(name, onActing, options);
  window.removeEventListener('pointerover', onPointerOver, options);
  for (const notify of subscribers) notify();
}

function onActing(event: Event) {
  // A right-click opens a context menu (the tab bar's): swapping the header while it opens moved
  // and closed that menu. The extras come with the next press of the main button or a key.
  if (event.type === 'pointerdown' && (event as PointerEvent).button !== 0) return;
  if (ending) return;
  ending = true;
  const timer = window.setTimeout(markInteracted, END_WAIT_MS);
  const end = () => {
    window.clearTimeout(timer);
    // The next task: the click that follows the release is dispatched first.
    window.setTimeout(markInteracted, 0);
  };
  window.addEventListener(ANYWHERE[event.type] ?? 'pointerup', end, { ...options, once: true });
}

function onPointerOver(event: Event) {
  if (event.target instanceof Element && event.target.closest(HEADER_SELECTOR)) markInteracted();
}

let listening = false;
function listen() {
  if (listening || interacted) return;
  listening = true;
  for (const name of Object.keys(ANYWHERE)) window.addEventListener(name, onActing, options);
  window.addEventListener('pointerover', onPointerOver, options);
}

function subscribe(notify: () => void) {
  listen();
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** False until the reader first interacts with the page (then true for the rest of its life). */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}
