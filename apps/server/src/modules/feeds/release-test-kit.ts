import type { PublishItemInput, PublishVersionMeta } from '@portal/contract';
import { expect } from 'vitest';
import { withToken } from '../../test/requests';
import type { TestApp } from '../../test/test-app';
import { archives, itemInput, uploadVersion, versionMeta } from '../publishing/publishing-test-kit';

/** Test helpers for what feeds and webhooks report: items, published and recalled versions. */
export async function createItem(t: TestApp, staff: string, input: Partial<PublishItemInput>) {
  const item = await withToken<{ id: number }>(t.app, staff, {
    method: 'POST',
    url: '/api/publishing/items',
    payload: itemInput(input),
  });
  expect(item.status).toBe(200);
  return item.body.data.id;
}

/** Uploads and publishes a version; its id. */
export async function publishVersion(
  t: TestApp,
  staff: string,
  itemId: number,
  meta: Partial<PublishVersionMeta> & { version: string },
) {
  const uploaded = await uploadVersion(
    t,
    staff,
    itemId,
    { filename: `fw-${itemId}-${meta.version}.tar.gz`, content: archives.tarGz(meta.version) },
    versionMeta({ cves: [], ...meta }),
  );
  expect(uploaded.status).toBe(200);
  const id = uploaded.body.data.id as number;
  const published = await withToken(t.app, staff, {
    method: 'POST',
    url: `/api/publishing/versions/${id}/publish`,
  });
  expect(published.status).toBe(200);
  return id;
}

export async function recallVersion(t: TestApp, staff: string, versionId: number, reason: string) {
  const recalled = await withToken(t.app, staff, {
    method: 'POST',
    url: `/api/publishing/versions/${versionId}/recall`,
    payload: { reason, notifyDownloaders: false },
  });
  expect(recalled.status).toBe(200);
}
