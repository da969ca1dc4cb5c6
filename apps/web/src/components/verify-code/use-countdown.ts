import { useCallback, useEffect, useState } from 'react';

/** Spec 9: a countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Seconds left until a deadline set with `start(seconds)`, updated every tick. It counts
 * against the clock rather than the number of ticks, because browsers slow timers down in
 * background tabs and the wait must still end on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) setDeadline(null);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setRemaining(whole);
    setDeadline(whole > 0 ? Date.now() + whole * 1000 : null);
  }, []);

  return { remaining, running: remaining > 0, start };
}
