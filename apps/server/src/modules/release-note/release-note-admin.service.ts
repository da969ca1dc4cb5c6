import type { PublishNoteLine, ReleaseNoteAdmin, releaseNoteAdminInputSchema } from '@portal/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { releaseNoteItems, releaseNotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';

type Input = z.output<typeof releaseNoteAdminInputSchema>;

/** Staff editing of the portal's own release notes (the header dialog reads them). */
export class ReleaseNoteAdminService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ReleaseNoteAdmin[]> {
    const notes = await this.db
      .select()
      .from(releaseNotes)
      .orderBy(desc(releaseNotes.releasedAt), desc(releaseNotes.id));
    if (notes.length === 0) return [];
    const items = await this.db
      .select()
      .from(releaseNoteItems)
      .where(
        inArray(
          releaseNoteItems.releaseNoteId,
          notes.map((n) => n.id),
        ),
      )
      .orderBy(asc(releaseNoteItems.sort), asc(releaseNoteItems.id));
    return notes.map((note) => ({
      id: note.id,
      version: note.version,
      createTime: note.releasedAt.toISOString(),
      items: items
        .filter((item) => item.releaseNoteId === note.id)
        .map((item) => ({
          kind: item.kind as PublishNoteLine['kind'],
          textZh: item.textZh,
          textEn: item.textEn,
        })),
    }));
  }

  async create(input: Input): Promise<ReleaseNoteAdmin> {
    return this.save(input, async (tx) => {
      const [row] = await tx
        .insert(releaseNotes)
        .values({ version: input.version, releasedAt: new Date(input.createTime) })
        .returning({ id: releaseNotes.id });
      if (!row) throw new Error('release note not inserted');
      return row.id;
    });
  }

  /** Replaces the version, date and the whole list of lines. */
  async update(id: number, input: Input): Promise<ReleaseNoteAdmin> {
    return this.save(input, async (tx) => {
      const [row] = await tx
        .update(releaseNotes)
        .set({ version: input.version, releasedAt: new Date(input.createTime) })
        .where(eq(releaseNotes.id, id))
        .returning({ id: releaseNotes.id });
      if (!row) throw new AppError('PUBLISH_NOT_FOUND');
      await tx.delete(releaseNoteItems).where(eq(releaseNoteItems.releaseNoteId, id));
      return row.id;
    });
  }

  async remove(id: number): Promise<void> {
    const [row] = await this.db
      .delete(releaseNotes)
      .where(eq(releaseNotes.id, id))
      .returning({ id: releaseNotes.id });
    if (!row) throw new AppError('PUBLISH_NOT_FOUND');
  }

  private async save(input: Input, write: (tx: Db) => Promise<number>): Promise<ReleaseNoteAdmin> {
    let id: number;
    try {
      id = await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const noteId = await write(tx);
        if (input.items.length > 0)
          await tx
            .insert(releaseNoteItems)
            .values(input.items.map((line, sort) => ({ releaseNoteId: noteId, ...line, sort })));
        return noteId;
      });
    } catch (error) {
      if (uniqueViolation(error))
        throw new AppError('RELEASE_NOTE_EXISTS', { params: { version: input.version } });
      throw error;
    }
    const saved = (await this.list()).find((note) => note.id === id);
    if (!saved) throw new AppError('PUBLISH_NOT_FOUND');
    return saved;
  }
}
