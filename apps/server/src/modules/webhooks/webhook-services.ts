import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { RateCounters } from '../../lib/rate-limit/counters';
import type { CatalogAccess } from '../catalog/catalog-access';
import type { MailService } from '../mail/mail.service';
import { dnsResolver } from './dns-lookup';
import { WebhookDelivery } from './webhook-delivery';
import { WebhookFanout } from './webhook-fanout';
import { WebhookPauseMail } from './webhook-pause-mail';
import { WebhookSender } from './webhook-sender';
import { WebhookService } from './webhook.service';

export type WebhookServices = {
  /** Webhooks of accounts; their events are fanned out and delivered by queued jobs. */
  webhooks: WebhookService;
};

/**
 * Wires the webhooks (issue 20): the subscriptions' service, and the queued jobs that fan an event
 * out to subscriptions and deliver it (their own workers, WEBHOOK_WORKERS). Receivers are resolved
 * and checked the same way when a webhook is saved and when it is called.
 */
export function createWebhookServices(
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_DNS_SERVERS' | 'WEBHOOK_WORKERS'>,
  deps: {
    db: Db;
    clock: Clock;
    log: FastifyBaseLogger;
    jobs: JobQueue;
    rateCounters: RateCounters;
    catalogAccess: CatalogAccess;
    mail: MailService;
    publicUrl: string;
  },
): WebhookServices {
  const { db, clock, jobs, catalogAccess } = deps;
  const addresses = {
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    resolve: dnsResolver({ servers: config.WEBHOOK_DNS_SERVERS }),
  };
  jobs.register(new WebhookFanout(db, clock, catalogAccess, jobs, deps.publicUrl));
  jobs.register(
    new WebhookDelivery(
      db,
      clock,
      new WebhookSender(addresses),
      { jobs, access: catalogAccess, pauseMail: new WebhookPauseMail(db, deps.mail, deps.log) },
      config.WEBHOOK_WORKERS,
    ),
  );
  return { webhooks: new WebhookService(db, clock, jobs, deps.rateCounters, addresses) };
}
