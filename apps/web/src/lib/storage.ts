import type { AppEntry, DictNode, Locale } from '@portal/contract';

/** Every key this app writes lives under one prefix, so it never collides with other apps on the host. */
const NAMESPACE = 'portal.';

/** The value type of each stored key; the only place that lists what the browser keeps. */
export interface StoredValues {
  accessToken: string;
  locale: Locale;
  /** A tool requested through a token link (spec 4); its presence changes how a session ends. */
  requestTool: string;
  /** Why the session ended, kept for the sign-in page when a requested tool was pending. */
  loginError: string;
  apps: AppEntry[];
  dictTree: DictNode[];
  /** Display settings of the drawer; `unknown` because the settings module validates what it reads. */
  displaySettings: unknown;
}
export type StorageKey = keyof StoredValues;

interface StoredEntry<T> {
  value: T;
  /** Epoch milliseconds after which the entry counts as absent; null = never. */
  expiresAt: number | null;
}

const fullKey = (key: StorageKey) => `${NAMESPACE}${key}`;

export function readStored<K extends StorageKey>(key: K): StoredValues[K] | undefined {
  const raw = window.localStorage.getItem(fullKey(key));
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as StoredEntry<StoredValues[K]>;
    if (entry.expiresAt !== null && Date.now() >= entry.expiresAt) {
      removeStored(key);
      return undefined;
    }
    return entry.value;
  } catch {
    // Written by something else or truncated: treat as absent rather than crash the app.
    removeStored(key);
    return undefined;
  }
}

/** Stores `value`; with `ttlMs` the entry silently disappears once it is older than that. */
export function writeStored<K extends StorageKey>(key: K, value: StoredValues[K], ttlMs?: number): void {
  const entry: StoredEntry<StoredValues[K]> = {
    value,
    expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs,
  };
  window.localStorage.setItem(fullKey(key), JSON.stringify(entry));
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) window.localStorage.removeItem(fullKey(key));
}
