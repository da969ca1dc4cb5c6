import path from 'node:path';
import { PUBLISH_PERMISSION_CODE } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { loadOrCreateOpenPgpSigner, type OpenPgpSigner } from '../../lib/signing/openpgp-signer';
import type { AccessService } from '../access/access.service';
import type { AuditService } from '../audit/audit.service';
import type { Notifier } from '../notice/notifier';
import { AdvisoryAnnouncer } from './advisory-announcer';
import { AdvisoryAuthoring } from './advisory-authoring.service';
import { CveLookupService } from './advisory-cve-lookup.service';
import { AdvisoryDocuments } from './advisory-documents';
import { AdvisoryFeed } from './advisory-feed';
import { AdvisoryReaderService } from './advisory-reader.service';
import { AdvisoryReviewNotice } from './advisory-review-notice';
import { CsafDistribution } from './csaf-distribution.service';

export type AdvisoryServices = {
  advisoryAuthoring: AdvisoryAuthoring;
  advisoryReader: AdvisoryReaderService;
  advisoryAnnouncer: AdvisoryAnnouncer;
  csafDistribution: CsafDistribution;
  advisoryFeed: AdvisoryFeed;
  /** "Which of my servers, what status, fixed in which version" for one CVE (issue 43 §2). */
  cveLookup: CveLookupService;
  /** The OpenPGP key of the CSAF files, loaded (or created) on first use. */
  advisorySigner: () => Promise<OpenPgpSigner>;
};

/** Wires the advisories (issue 33) and registers the job that announces a revision at its embargo time. */
export function createAdvisoryServices(
  config: Pick<
    Config,
    'DATA_DIR' | 'CSAF_SIGNING_KEY_FILE' | 'ADVISORY_ID_PREFIX' | 'CSAF_PUBLISHER_NAME' | 'PSIRT_CONTACT'
  >,
  deps: {
    db: Db;
    clock: Clock;
    jobs: JobQueue;
    notifier: Notifier;
    publicUrl: string;
    publishVersion: (versionId: number) => Promise<unknown>;
    access: Pick<AccessService, 'hasPermission'>;
    audit: AuditService;
  },
): AdvisoryServices {
  const { db, clock, jobs, publicUrl } = deps;
  /** An advisory publishes its held fixes: naming, approving and releasing one need firmware:publish (issue 40). */
  const mayPublish = async (userId: number) => {
    const [user] = await db.select({ frozen: users.frozen }).from(users).where(eq(users.id, userId));
    return user !== undefined && !user.frozen && deps.access.hasPermission(userId, PUBLISH_PERMISSION_CODE);
  };
  let signer: Promise<OpenPgpSigner> | undefined;
  const advisorySigner = () =>
    (signer ??= loadOrCreateOpenPgpSigner(
      config.CSAF_SIGNING_KEY_FILE ?? path.join(config.DATA_DIR, 'keys', 'csaf-openpgp.asc'),
      { name: config.CSAF_PUBLISHER_NAME, email: config.PSIRT_CONTACT.replace(/^mailto:/, '') },
    ));
  const documents = new AdvisoryDocuments(advisorySigner, publicUrl, config.CSAF_PUBLISHER_NAME);
  const advisoryAnnouncer = new AdvisoryAnnouncer(
    db,
    clock,
    jobs,
    deps.notifier,
    deps.publishVersion,
    publicUrl,
    mayPublish,
    deps.audit,
  );
  jobs.register(advisoryAnnouncer);
  const advisoryReader = new AdvisoryReaderService(db, clock);
  const csafDistribution = new CsafDistribution(
    db,
    clock,
    advisorySigner,
    publicUrl,
    config.CSAF_PUBLISHER_NAME,
  );
  return {
    advisoryAuthoring: new AdvisoryAuthoring(
      db,
      clock,
      jobs,
      documents,
      config.ADVISORY_ID_PREFIX,
      mayPublish,
      new AdvisoryReviewNotice(db, deps.notifier, publicUrl),
    ),
    advisoryReader,
    advisoryAnnouncer,
    csafDistribution,
    advisoryFeed: new AdvisoryFeed(advisoryReader, csafDistribution, publicUrl),
    cveLookup: new CveLookupService(db, clock),
    advisorySigner,
  };
}
