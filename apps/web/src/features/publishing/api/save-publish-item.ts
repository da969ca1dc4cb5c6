import { type PublishItemInput, publishItemSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { usePublishingMutation } from './use-publishing-mutation';

export type SavePublishItem = { id?: number; input: PublishItemInput };

/** POST /publishing/items (new) or PUT /publishing/items/:id (edit). The form shows failures. */
export function savePublishItem({ id, input }: SavePublishItem) {
  return id === undefined
    ? apiClient.post('/publishing/items', input, publishItemSchema, { quiet: true })
    : apiClient.put(`/publishing/items/${id}`, input, publishItemSchema, { quiet: true });
}

export const useSavePublishItem = (config: MutationConfig<typeof savePublishItem> = {}) =>
  usePublishingMutation(savePublishItem, config);
