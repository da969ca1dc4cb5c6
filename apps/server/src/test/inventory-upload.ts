import type { InventoryUploadResult } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

export type InventoryUploadAnswer = {
  status: number;
  body: { code: number; message: string; data: InventoryUploadResult };
  headers: Record<string, unknown>;
};

/**
 * POST /api/fleet/inventory/upload as `token`: the file `body` (a CSV unless `contentType` says
 * otherwise) previewed (`dryRun` '1') or applied ('0'), answered in `locale` (English unless said).
 */
export async function uploadInventory(
  app: FastifyInstance,
  token: string,
  body: Buffer | string,
  {
    dryRun,
    locale = 'en-US',
    contentType = 'text/csv',
  }: { dryRun: '0' | '1'; locale?: string; contentType?: string },
): Promise<InventoryUploadAnswer> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/fleet/inventory/upload?dryRun=${dryRun}&locale=${locale}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}
