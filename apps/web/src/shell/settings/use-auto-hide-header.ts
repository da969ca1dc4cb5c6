import { useEffect, useState } from 'react';
import { HEADER_HIDE_THRESHOLD_PX } from '@/config/console';

interface ScrollStep {
  previousY: number;
  currentY: number;
  wasHidden: boolean;
}

/**
 * Spec 4: hidden after scrolling down past the threshold; shown again when scrolling up or when
 * back above the threshold. A step without movement keeps the current state.
 */
export function decideHeaderHidden(
  { previousY, currentY, wasHidden }: ScrollStep,
  threshold = HEADER_HIDE_THRESHOLD_PX,
): boolean {
  if (currentY <= threshold) return false;
  if (currentY > previousY) return true;
  if (currentY < previousY) return false;
  return wasHidden;
}

/** Whether the header should be hidden now (true = hidden); always false while `enabled` is off. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    // Kept outside React state: scroll events come faster than renders and each needs the last position.
    let previousY = window.scrollY;
    let wasHidden = false;
    const onScroll = () => {
      const currentY = window.scrollY;
      wasHidden = decideHeaderHidden({ previousY, currentY, wasHidden });
      previousY = currentY;
      setHidden(wasHidden);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      // Turning auto-hide off (or on again later) must start from a visible header.
      setHidden(false);
    };
  }, [enabled]);

  return enabled && hidden;
}
