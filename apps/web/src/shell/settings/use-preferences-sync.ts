import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getAccessToken } from '@/lib/session';
import type { DisplaySettings } from './display-settings';
import type { PreferencesRemote } from './preferences-remote';

/** Drawer clicks come in bursts (layout, then width, then colour): one save after the last. */
export const PREFERENCES_SAVE_DELAY_MS = 800;

/**
 * - off: signed out, only this browser keeps the settings;
 * - loading: asking the server for the user's preferences;
 * - local: the server has none yet, this browser's settings apply;
 * - pending / saving: a change waits for / is on its way to the server;
 * - saved: the server holds what is shown; failed: the last load or save failed.
 */
export type PreferencesSyncStatus = 'off' | 'loading' | 'local' | 'pending' | 'saving' | 'saved' | 'failed';

interface SyncOptions {
  remote: PreferencesRemote;
  /** The settings shown right now. */
  current: () => DisplaySettings;
  /** Shows the server's preferences (merged over the current ones, rules applied by the caller). */
  apply: (stored: Partial<DisplaySettings>) => void;
}

/**
 * Keeps the display settings of a signed-in user on the server: the stored preferences are
 * applied once on load (unless the user changed something first), and every change is saved
 * after PREFERENCES_SAVE_DELAY_MS. A change still waiting when the page goes away (reload,
 * sign-out, closed tab) is sent at once, with keepalive.
 */
export function usePreferencesSync({ remote, current, apply }: SyncOptions) {
  const [status, setStatus] = useState<PreferencesSyncStatus>(() => (getAccessToken() ? 'loading' : 'off'));
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const changedByUser = useRef(false);
  // The latest callbacks, so the effects below run once and still see fresh values.
  const latest = useRef({ remote, current, apply });
  useEffect(() => {
    latest.current = { remote, current, apply };
  });

  const save = useCallback(async (settings?: DisplaySettings, keepalive = false): Promise<boolean> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!getAccessToken()) return false;
    setStatus('saving');
    try {
      await latest.current.remote.save(settings ?? latest.current.current(), { keepalive });
      // Another change may have been scheduled meanwhile; its own save reports later.
      if (timer.current === undefined) setStatus('saved');
      setError(undefined);
      return true;
    } catch (failure) {
      setStatus('failed');
      setError(failure instanceof Error ? failure.message : undefined);
      return false;
    }
  }, []);

  const schedule = useCallback(() => {
    changedByUser.current = true;
    if (!getAccessToken()) return;
    clearTimeout(timer.current);
    setStatus('pending');
    timer.current = setTimeout(() => void save(), PREFERENCES_SAVE_DELAY_MS);
  }, [save]);

  useEffect(() => {
    if (!getAccessToken()) return undefined;
    const controller = new AbortController();
    latest.current.remote.load(controller.signal).then(
      (stored) => {
        // The user was quicker than the server: what they chose wins and is saved anyway.
        if (changedByUser.current) return;
        // Not urgent: re-rendering the console with them yields to the page's own first render
        // and to input, instead of one long task while the page is still loading.
        startTransition(() => {
          if (stored) latest.current.apply(stored);
          setStatus(stored ? 'saved' : 'local');
        });
      },
      (failure: unknown) => {
        if (controller.signal.aborted || changedByUser.current) return;
        setStatus('failed');
        setError(failure instanceof Error ? failure.message : undefined);
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const flushPending = () => {
      if (timer.current !== undefined) void save(undefined, true);
    };
    window.addEventListener('pagehide', flushPending);
    return () => {
      window.removeEventListener('pagehide', flushPending);
      flushPending();
    };
  }, [save]);

  return { status, error, schedule, save };
}
