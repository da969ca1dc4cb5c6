import { useEffect, useMemo } from 'react';

/** Object URLs whose component went away; a remount within the same task keeps them alive. */
const pendingRevokes = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * An object URL for `blob` while the component shows it. The URL is made during render and
 * revoked a task after the last unmount, so StrictMode's unmount-and-remount keeps it valid.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return undefined;
    clearTimeout(pendingRevokes.get(url));
    pendingRevokes.delete(url);
    return () => {
      pendingRevokes.set(
        url,
        setTimeout(() => {
          pendingRevokes.delete(url);
          URL.revokeObjectURL(url);
        }, 0),
      );
    };
  }, [url]);
  return url;
}
