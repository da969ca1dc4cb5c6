import { type AdvisorySnapshot, PUBLISH_PERMISSION_CODE } from '@portal/contract';
import type { Db } from '../../db/connection';
import type { Notifier, PendingMail } from '../notice/notifier';
import { authorOf, staffHolding } from './advisory-staff-recipients.repository';

/** Where a publisher publishes a draft version by hand. */
export const PUBLISHING_PATH = '/system/publishing';

/**
 * The announcer withheld fixes (their approver could no longer publish them): the advisory is
 * public and names no fix, so everyone who may publish firmware, and the advisory's author, hear
 * of it at once, in the bell and by mail as their settings say, in both languages. The audit
 * entry alone waited for somebody to read the log while customers had no fix to download.
 * Posted in the announcing transaction; the mails go out after it commits.
 */
export async function tellOfHeldFixes(
  tx: Db,
  notifier: Notifier,
  publicUrl: string,
  revision: { advisoryPk: number; snapshot: AdvisorySnapshot },
  withheld: number[],
): Promise<PendingMail[]> {
  const { snapshot } = revision;
  const publishers = await staffHolding(tx, PUBLISH_PERMISSION_CODE);
  const author = await authorOf(tx, revision.advisoryPk);
  const recipients = author === null ? publishers : [...publishers, author];
  const held = snapshot.fixedVersions.filter((row) => withheld.includes(row.versionId));
  const { mails } = await notifier.post(tx, recipients, 'securityAdvisories', {
    title: 'ADVISORY_FIX_HELD_NOTICE_TITLE',
    text: 'ADVISORY_FIX_HELD_NOTICE_TEXT',
    params: (locale) => ({
      id: snapshot.advisoryId,
      title: locale === 'zh-CN' ? snapshot.titleZh : snapshot.titleEn,
      versions: held
        .map((row) => `${locale === 'zh-CN' ? row.itemNameZh : row.itemNameEn} ${row.version}`)
        .join(', '),
      url: `${publicUrl}${PUBLISHING_PATH}`,
    }),
  });
  return mails;
}
