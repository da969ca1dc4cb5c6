import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OfflineComplianceContext } from '@portal/contract/compliance';
import { CliError } from '../cli-error.ts';
import { writePrivateJson } from '../config-store.ts';
import { type Context, note } from '../context.ts';
import { formatDateTime } from '../date-time.ts';
import { EXIT } from '../exit-codes.ts';
import { keyIdOf } from '../signing-key.ts';

/*
 * A rolled-back mirror: whoever keeps the mirror (or its web server) serves an older snapshot,
 * or drops the newer ones from mirror.json (which is not signed). Every file of it is still
 * genuinely signed, so signatures alone cannot tell; `audit --repo` would judge servers against
 * old advisories and `update --repo` withhold newer fixes. So the time the portal signed into
 * the compliance context is said before each use, and the newest one seen on this machine (per
 * portal key and origin) is remembered: an older one is refused unless --allow-older is given.
 */

/** In the config folder: per portal key and origin, the newest signed context time seen. */
export const SEEN_CONTEXTS_FILE = 'mirror-contexts.json';

type Seen = Record<string, string>;

const entryOf = (key: KeyObject, context: OfflineComplianceContext) => `${keyIdOf(key)} ${context.origin}`;

async function readSeen(dir: string): Promise<Seen> {
  const text = await readFile(path.join(dir, SEEN_CONTEXTS_FILE), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  if (text === null) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Seen) : {};
  } catch {
    // A damaged file forgets (as a new machine would); it is written anew below.
    return {};
  }
}

/**
 * Says which signed time a mirror's judgement rests on, and refuses (exit 4) a context older
 * than one this machine has already used for the same portal, unless --allow-older.
 */
export async function checkContextFreshness(
  ctx: Context,
  key: KeyObject,
  context: OfflineComplianceContext,
  snapshot: string,
): Promise<void> {
  const date = (iso: string) => formatDateTime(iso, ctx.locale);
  const seen = await readSeen(ctx.configDir);
  const entry = entryOf(key, context);
  const newest = seen[entry];
  const signedAt = Date.parse(context.generatedAt);
  if (newest && signedAt < Date.parse(newest)) {
    if (ctx.values['allow-older'] !== true)
      throw new CliError(EXIT.verification, 'mirror.olderContext', {
        snapshot,
        signedAt: date(context.generatedAt),
        newest: date(newest),
      });
    note(ctx, 'mirror.olderContextAllowed', {
      snapshot,
      signedAt: date(context.generatedAt),
      newest: date(newest),
    });
    return;
  }
  note(ctx, 'mirror.contextSignedAt', { snapshot, signedAt: date(context.generatedAt) });
  if (!newest || signedAt > Date.parse(newest))
    await writePrivateJson(ctx.configDir, SEEN_CONTEXTS_FILE, { ...seen, [entry]: context.generatedAt });
}
