import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_SIGNATURE_VERSION } from '@portal/contract';

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`: the timestamp is signed too, so a
 * receiver rejecting old timestamps also rejects a replayed body.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `${WEBHOOK_SIGNATURE_VERSION}=${mac}`;
}
