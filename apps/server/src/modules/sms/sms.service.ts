import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { smsOutbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SmsGateway, SmsMessage } from './sms-gateway';

/** Sends SMS through the configured gateway and keeps every message in the outbox staff can read. */
export class SmsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly gateway: SmsGateway,
  ) {}

  /** Throws when the gateway refused the message (it is still recorded as failed). */
  async send(message: SmsMessage): Promise<void> {
    let status: string;
    let error: string | null = null;
    try {
      status = await this.gateway.send(message);
    } catch (cause) {
      status = 'failed';
      error = cause instanceof Error ? cause.message : String(cause);
      this.log.error({ err: cause, phone: message.phone }, 'sms delivery failed');
    }
    await this.db.insert(smsOutbox).values({
      phone: message.phone,
      body: message.text,
      driver: this.gateway.name,
      status,
      error,
      createdAt: this.clock.now(),
    });
    if (status === 'failed') throw new Error(`sms to ${message.phone} failed: ${error}`);
  }
}
