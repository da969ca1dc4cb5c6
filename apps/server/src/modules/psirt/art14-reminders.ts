import { ADMIN_TYPE_SUPER, type Art14Case, type Locale, PSIRT_PERMISSION } from '@portal/contract';
import { and, eq, exists, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { art14Cases, art14Reminders, rolePermissions, userRoles, users } from '../../db/schema';
import { translate } from '../../lib/i18n/messages';
import type { MailService } from '../mail/mail.service';
import type { Art14Service } from './art14.service';
import { stageTitle } from './art14-text';

/** Where the PSIRT dashboard is. */
export const PSIRT_DASHBOARD_PATH = '/system/psirt';

/** `2026-11-27 08:30 UTC`: a mail is read in any time zone. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Mails the PSIRT (holders of psirt:manage, and super administrators) once before each Art. 14
 * deadline: when a report enters its reminder lead (`ART14_REMINDER_LEAD_MS`) or is already
 * overdue when first seen, and is not submitted. Run by every worker process's housekeeping: the
 * reminder row is inserted first, keyed by case, stage and deadline, and only the process whose
 * insert wrote the row sends, so several processes never send the same reminder twice.
 */
export class Art14Reminders {
  constructor(
    private readonly db: Db,
    private readonly art14: Art14Service,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
  ) {}

  /** One round: the number of reminders sent. */
  async run(): Promise<number> {
    const rows = await this.db.select().from(art14Cases);
    let sent = 0;
    for (const row of rows) {
      const item = await this.art14.caseOf(row);
      for (const stage of item.stages) {
        if (!stage.dueAt || (stage.state !== 'dueSoon' && stage.state !== 'overdue')) continue;
        const [claimed] = await this.db
          .insert(art14Reminders)
          .values({ caseId: item.id, stage: stage.stage, dueAt: new Date(stage.dueAt) })
          .onConflictDoNothing()
          .returning({ caseId: art14Reminders.caseId });
        if (!claimed) continue;
        await this.remind(item, stage.stage, stage.dueAt);
        sent += 1;
      }
    }
    return sent;
  }

  private async remind(item: Art14Case, stage: Art14Case['stages'][number]['stage'], dueAt: string) {
    const holdsPsirt = exists(
      this.db
        .select({ one: userRoles.userId })
        .from(userRoles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .where(and(eq(userRoles.userId, users.id), eq(rolePermissions.permissionCode, PSIRT_PERMISSION))),
    );
    const recipients = await this.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(
        and(
          eq(users.frozen, false),
          ne(users.email, ''),
          or(eq(users.adminType, ADMIN_TYPE_SUPER), holdsPsirt),
        ),
      );
    for (const recipient of recipients) {
      const locale: Locale = recipient.locale === 'en-US' ? 'en-US' : 'zh-CN';
      const params = {
        stage: stageTitle(locale, stage),
        advisoryId: item.advisoryId,
        title: locale === 'en-US' ? item.titleEn : item.titleZh,
        dueAt: utc(dueAt),
        link: `${this.publicUrl}${PSIRT_DASHBOARD_PATH}`,
      };
      await this.mail
        .send({
          to: recipient.email,
          subject: translate(locale, 'ART14_REMINDER_MAIL_SUBJECT', params),
          text: translate(locale, 'ART14_REMINDER_MAIL_TEXT', params),
        })
        .catch((err: unknown) => this.log.warn({ err, caseId: item.id }, 'Art. 14 reminder not written'));
    }
  }
}
