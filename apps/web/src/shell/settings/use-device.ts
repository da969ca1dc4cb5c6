import { useSyncExternalStore } from 'react';
import { DEVICE_BREAKPOINTS } from '@/config/console';

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Spec 4: desktop from 1200px, tablet from 576px to 1199px, mobile below 576px. */
export function deviceForWidth(width: number): Device {
  if (width >= DEVICE_BREAKPOINTS.desktop) return 'desktop';
  if (width >= DEVICE_BREAKPOINTS.tablet) return 'tablet';
  return 'mobile';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// The snapshot is the device string, not the width, so resizing within a band re-renders nothing.
const currentDevice = () => deviceForWidth(window.innerWidth);

/** The device class of the current window width, updated on resize. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice);
}
