import type { WebhookDelivery } from '@portal/contract';
import type { TFunction } from 'i18next';

/** Why a delivery attempt failed, in the reader's language (the server sends a kind and its detail). */
export function deliveryErrorText(
  t: TFunction<'automation'>,
  error: NonNullable<WebhookDelivery['lastError']>,
): string {
  return t(`webhooks.deliveries.error.${error.kind}`, { detail: error.detail });
}
