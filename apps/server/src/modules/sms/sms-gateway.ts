import { maskSecrets } from '../../lib/secret-mask';
import type { FastifyBaseLogger } from 'fastify';

export type SmsMessage = { phone: string; text: string };

/**
 * What the portal needs from an SMS provider. A real provider plugs in by
 * implementing `send` (call its HTTP API; throw when it refuses the message)
 * and being returned by `createSmsGateway` for its SMS_DRIVER name — see
 * docs/OPERATIONS.md, "SMS".
 */
export interface SmsGateway {
  readonly name: string;
  /** 'sent' when a provider accepted the message, 'logged' when it was only logged. */
  send(message: SmsMessage): Promise<'sent' | 'logged'>;
}

/**
 * The default driver: no SMS provider is reachable from a development machine, so
 * the message goes to the server log (and, through SmsService, to the staff outbox).
 */
export class LoggingSmsGateway implements SmsGateway {
  readonly name = 'log';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<'logged'> {
    // Codes are masked: a log is read by more people than the recipient (the text is in sms_outbox).
    this.log.info(
      { phone: message.phone, text: maskSecrets(message.text) },
      'sms (logging driver: not sent)',
    );
    return 'logged';
  }
}

export function createSmsGateway(driver: string, log: FastifyBaseLogger): SmsGateway {
  switch (driver) {
    case 'log':
      return new LoggingSmsGateway(log);
    default:
      throw new Error(`unknown SMS_DRIVER ${driver}`);
  }
}
