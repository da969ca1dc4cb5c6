import { ADMIN_TYPE_SUPER, ADVISORY_PERMISSIONS, type StaffAdvisoryDetail } from '@portal/contract';
import { and, eq, exists, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rolePermissions, userRoles, users } from '../../db/schema';
import type { Notifier } from '../notice/notifier';

/** Where reviewers approve or send back an advisory (the staff list). */
export const STAFF_ADVISORIES_PATH = '/system/advisories';

/**
 * Tells the other reviewers that an advisory awaits them (issue 42 §2): whoever holds
 * advisory:approve (super administrators hold every permission), except the submitter, who may
 * not approve their own change anyway. In each recipient's bell and, by their settings, by mail,
 * in both languages.
 */
export class AdvisoryReviewNotice {
  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
    private readonly publicUrl: string,
  ) {}

  async submitted(advisory: StaffAdvisoryDetail, submitterId: number): Promise<void> {
    const holdsApprove = exists(
      this.db
        .select({ one: userRoles.userId })
        .from(userRoles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .where(
          and(
            eq(userRoles.userId, users.id),
            eq(rolePermissions.permissionCode, ADVISORY_PERMISSIONS.approve),
          ),
        ),
    );
    const reviewers = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, submitterId), or(eq(users.adminType, ADMIN_TYPE_SUPER), holdsApprove)));
    const [submitter] = await this.db
      .select({ account: users.account })
      .from(users)
      .where(eq(users.id, submitterId));
    const { mails } = await this.notifier.post(
      this.db,
      reviewers.map((reviewer) => reviewer.id),
      'securityAdvisories',
      {
        title: 'ADVISORY_REVIEW_NOTICE_TITLE',
        text: 'ADVISORY_REVIEW_NOTICE_TEXT',
        params: (locale) => ({
          id: advisory.advisoryId,
          title: locale === 'zh-CN' ? advisory.input.titleZh : advisory.input.titleEn,
          submitter: submitter?.account ?? '',
          url: `${this.publicUrl}${STAFF_ADVISORIES_PATH}`,
        }),
      },
    );
    await this.notifier.send(mails);
  }
}
