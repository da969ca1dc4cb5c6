import { useSyncExternalStore } from 'react';
import { DEVICE_BREAKPOINTS } from '@/config/console';

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Spec 4: desktop from 1200px, tablet from 576px to 1199px, mobile below 576px. */
export function deviceForWidth(width: number): Device {
  if (width >= DEVICE_BREAKPOINTS.desktop) return 'desktop';
  if (width >= DEVICE_BREAKPOINTS.tablet) return 'tablet';
  return 'mobile';
}

const DESKTOP_QUERY = `(min-width: ${DEVICE_BREAKPOINTS.desktop}px)`;
const MOBILE_QUERY = `(max-width: ${DEVICE_BREAKPOINTS.tablet - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const lists = [window.matchMedia(DESKTOP_QUERY), window.matchMedia(MOBILE_QUERY)];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

// Media queries rather than window.innerWidth: on a phone (a page with a viewport) reading
// innerWidth lays the page out first, and this runs on every render of the frame, while antd
// is inserting its styles (a forced layout each time; measured, 10-15 ms of each load).
// The snapshot is the device string, so resizing within a band re-renders nothing.
function currentDevice(): Device {
  if (window.matchMedia(DESKTOP_QUERY).matches) return 'desktop';
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  return 'tablet';
}

/** The device class of the current window width, updated when the width crosses a breakpoint. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice);
}
