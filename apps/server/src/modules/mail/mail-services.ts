import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { Housekeeping } from '../../lib/jobs/housekeeping';
import { MAIL_RETRY } from './mail-retry-policy';
import { MailService } from './mail.service';

export type MailServices = {
  mail: MailService;
  /** Retries queued mails; started by buildApp when TASK_WORKERS > 0. */
  mailRetry: Housekeeping;
};

/**
 * Wires the mail queue: every mail is written to mail_outbox and tried at once through SMTP
 * (SMTP_URL; else only logged), and the worker processes' loop retries what the server did not
 * take, on the backoff of mail-retry-policy.ts.
 */
export function createMailServices(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
): MailServices {
  const mail = new MailService(deps.db, deps.clock, deps.log, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
  });
  const mailRetry = new Housekeeping(deps.log, MAIL_RETRY.loopEveryMs, async () => {
    await mail.retryDue();
  });
  return { mail, mailRetry };
}
