import { ADVISORY_PERMISSIONS, type StaffAdvisoryDetail, staffAdvisoryPathOf } from '@portal/contract';
import type { Db } from '../../db/connection';
import type { Notifier } from '../notice/notifier';
import { accountOf, staffHolding } from './advisory-staff-recipients.repository';

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
    const reviewers = await staffHolding(this.db, ADVISORY_PERMISSIONS.approve, submitterId);
    const submitter = await accountOf(this.db, submitterId);
    const { mails } = await this.notifier.post(this.db, reviewers, 'securityAdvisories', {
      title: 'ADVISORY_REVIEW_NOTICE_TITLE',
      text: 'ADVISORY_REVIEW_NOTICE_TEXT',
      params: (locale) => ({
        id: advisory.advisoryId,
        title: locale === 'zh-CN' ? advisory.input.titleZh : advisory.input.titleEn,
        submitter,
        url: `${this.publicUrl}${staffAdvisoryPathOf(advisory.advisoryId)}`,
      }),
    });
    await this.notifier.send(mails);
  }
}
