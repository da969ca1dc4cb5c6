import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { downloadTickets, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { generateToken, hashToken, isWellFormedToken } from '../auth/token';

/**
 * What a ticket opens: a catalogue version's file (and its checksums and manifest), a task's
 * result, the manifest of every version the user may see (id 0), or an advisory's CSAF document
 * (its JSON, signature and hashes; id = the advisory's pk).
 */
export type TicketTarget = { kind: 'version' | 'task' | 'manifest' | 'csaf'; id: number };

/**
 * Short-lived, single-purpose download tickets. A browser download (an `<a href>`, a download
 * manager, a pasted wget line) cannot send an Authorization header, and the session token must
 * never travel in a URL (proxy logs, history, Referer). So the signed-in client asks for a
 * ticket: 32 random bytes, stored hashed, bound to the user, their session (signing out or a
 * password change ends it) and one target, valid `ttlSeconds`. Within that time it serves any
 * number of requests (download managers open several connections and resume with Range).
 */
export class DownloadTicketService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async issue(
    userId: number,
    sessionId: number,
    target: TicketTarget,
  ): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = generateToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlSeconds * 1000);
    await this.db.insert(downloadTickets).values({
      tokenHash: hashToken(ticket),
      userId,
      sessionId,
      kind: target.kind,
      targetId: target.id,
      createdAt: now,
      expiresAt,
    });
    // Expired tickets are useless: each new one sweeps those of the last hour and earlier.
    await this.db
      .delete(downloadTickets)
      .where(lt(downloadTickets.expiresAt, new Date(now.getTime() - 3_600_000)));
    return { ticket, expiresAt };
  }

  /** The user a ticket was issued to, when it is live, for this target, and its session too. */
  async userOf(ticket: string, target: TicketTarget): Promise<number> {
    if (!isWellFormedToken(ticket)) throw new AppError('DOWNLOAD_TICKET_INVALID');
    const now = this.clock.now();
    const [row] = await this.db
      .select({ userId: downloadTickets.userId })
      .from(downloadTickets)
      .innerJoin(sessions, eq(sessions.id, downloadTickets.sessionId))
      .innerJoin(users, eq(users.id, downloadTickets.userId))
      .where(
        and(
          eq(downloadTickets.tokenHash, hashToken(ticket)),
          eq(downloadTickets.kind, target.kind),
          eq(downloadTickets.targetId, target.id),
          gt(downloadTickets.expiresAt, now),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.frozen, false),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('DOWNLOAD_TICKET_INVALID');
    return row.userId;
  }
}
