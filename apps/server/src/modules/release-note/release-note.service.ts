import type { Locale, ReleaseNote } from '@portal/contract';
import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { releaseNoteItems, releaseNotes } from '../../db/schema';

/** Versions of the portal, newest first, each with its NEW / OPTIMIZE / HOTFIX lists. */
export async function listReleaseNotes(db: Db, locale: Locale): Promise<ReleaseNote[]> {
  const [notes, items] = await Promise.all([
    db.select().from(releaseNotes).orderBy(desc(releaseNotes.releasedAt), desc(releaseNotes.id)),
    db.select().from(releaseNoteItems).orderBy(asc(releaseNoteItems.sort), asc(releaseNoteItems.id)),
  ]);
  return notes.map((note) => {
    const content: ReleaseNote['content'] = { '1': [], '2': [], '3': [] };
    for (const item of items) {
      if (item.releaseNoteId !== note.id) continue;
      if (item.kind === '1' || item.kind === '2' || item.kind === '3') {
        content[item.kind].push(locale === 'zh-CN' ? item.textZh : item.textEn);
      }
    }
    return { version: note.version, createTime: note.releasedAt.toISOString(), content };
  });
}
