import type { PublishNoteLine, ReleaseNoteAdmin, releaseNoteAdminInputSchema } from '@portal/contract';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { releaseNoteItems, releaseNotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseDuplicate } from '../../lib/pg-errors';
import type { AuditActor, AuditService } from '../audit/audit.service';

type Input = z.output<typeof releaseNoteAdminInputSchema>;
type Line = { kind: string; textZh: string; textEn: string };

const sameLines = (a: Line[], b: Line[]) =>
  a.length === b.length &&
  a.every(
    (line, i) => line.kind === b[i]?.kind && line.textZh === b[i].textZh && line.textEn === b[i].textEn,
  );

/**
 * Staff editing of the portal's own release notes (the header dialog reads them). Every change is
 * audited in its own transaction: the version and date, and only how many lines, never their text.
 */
export class ReleaseNoteAdminService {
  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService },
  ) {}

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

  async create(staff: AuditActor, input: Input): Promise<ReleaseNoteAdmin> {
    return this.save(input, async (tx) => {
      const releasedAt = new Date(input.createTime);
      const [row] = await tx
        .insert(releaseNotes)
        .values({ version: input.version, releasedAt })
        .returning({ id: releaseNotes.id });
      if (!row) throw new Error('release note not inserted');
      await this.deps.audit.record(
        staff,
        'releaseNote.create',
        { type: 'releaseNote', id: row.id },
        { version: input.version, createTime: releasedAt.toISOString(), lines: input.items.length },
        tx,
      );
      return row.id;
    });
  }

  /** Replaces the version, date and the whole list of lines. */
  async update(staff: AuditActor, id: number, input: Input): Promise<ReleaseNoteAdmin> {
    return this.save(input, async (tx) => {
      const [before] = await tx.select().from(releaseNotes).where(eq(releaseNotes.id, id)).for('update');
      if (!before) throw new AppError('PUBLISH_NOT_FOUND');
      const beforeLines = await tx
        .select({
          kind: releaseNoteItems.kind,
          textZh: releaseNoteItems.textZh,
          textEn: releaseNoteItems.textEn,
        })
        .from(releaseNoteItems)
        .where(eq(releaseNoteItems.releaseNoteId, id))
        .orderBy(asc(releaseNoteItems.sort), asc(releaseNoteItems.id));
      const releasedAt = new Date(input.createTime);
      await tx
        .update(releaseNotes)
        .set({ version: input.version, releasedAt })
        .where(eq(releaseNotes.id, id));
      await tx.delete(releaseNoteItems).where(eq(releaseNoteItems.releaseNoteId, id));
      const was = { version: before.version, createTime: before.releasedAt.toISOString() };
      const is = { version: input.version, createTime: releasedAt.toISOString() };
      const changed: string[] = (['version', 'createTime'] as const).filter(
        (field) => was[field] !== is[field],
      );
      if (!sameLines(beforeLines, input.items)) changed.push('items');
      await this.deps.audit.record(
        staff,
        'releaseNote.update',
        { type: 'releaseNote', id },
        {
          version: input.version,
          changed,
          before: { ...was, lines: beforeLines.length },
          after: { ...is, lines: input.items.length },
        },
        tx,
      );
      return id;
    });
  }

  async remove(staff: AuditActor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [lines] = await tx
        .select({ value: count() })
        .from(releaseNoteItems)
        .where(eq(releaseNoteItems.releaseNoteId, id));
      const [row] = await tx
        .delete(releaseNotes)
        .where(eq(releaseNotes.id, id))
        .returning({ version: releaseNotes.version, releasedAt: releaseNotes.releasedAt });
      if (!row) throw new AppError('PUBLISH_NOT_FOUND');
      await this.deps.audit.record(
        staff,
        'releaseNote.delete',
        { type: 'releaseNote', id },
        { version: row.version, createTime: row.releasedAt.toISOString(), lines: lines?.value ?? 0 },
        tx,
      );
    });
  }

  private async save(input: Input, write: (tx: Db) => Promise<number>): Promise<ReleaseNoteAdmin> {
    const id = await refuseDuplicate(
      () =>
        this.db.transaction(async (transaction) => {
          const tx: Db = transaction;
          const noteId = await write(tx);
          if (input.items.length > 0)
            await tx
              .insert(releaseNoteItems)
              .values(input.items.map((line, sort) => ({ releaseNoteId: noteId, ...line, sort })));
          return noteId;
        }),
      () => new AppError('RELEASE_NOTE_EXISTS', { params: { version: input.version } }),
    );
    const saved = (await this.list()).find((note) => note.id === id);
    if (!saved) throw new AppError('PUBLISH_NOT_FOUND');
    return saved;
  }
}
