import { useCallback, useState } from 'react';

/** A cache-busting value for the captcha URL and the function that renews it. */
export function useCaptchaNonce(): [nonce: number, refresh: () => void] {
  const [nonce, setNonce] = useState(() => Date.now());
  // Never reuse a value, even for two clicks within one millisecond.
  const refresh = useCallback(() => setNonce((previous) => Math.max(previous + 1, Date.now())), []);
  return [nonce, refresh];
}
