import type { AddressInfo } from 'node:net';
import { ErrorCode, type Locale, type PublishItem } from '@portal/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { publishedItem, signedInUser } from './download-fixtures';
import { adminToken, createTestApp } from './test-app';
import { withToken } from './requests';
import { s3Config, startS3Server } from './s3-server';
import { itemInput, multipartBody } from '../modules/publishing/publishing-test-kit';
import { translate } from '../lib/i18n/messages';
import { S3_TIMEOUTS, S3FileStore } from '../lib/file-store/s3-file-store';

/** A real 1x1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * The store client's bounds at half the portal's (s3-file-store.ts: ping 2 s, connect 2 s, answer
 * 3 s, idle 5 s), so the long outage (lib/file-store/object-store-outage.test.ts) outlasts them all in half the
 * time.
 */
export const TIMEOUTS = {
  ...S3_TIMEOUTS,
  pingMs: S3_TIMEOUTS.pingMs / 2,
  connectMs: S3_TIMEOUTS.connectMs / 2,
  answerMs: S3_TIMEOUTS.answerMs / 2,
  idleMs: S3_TIMEOUTS.idleMs / 2,
};
/** The part number of the published PCIE version every portal here starts with. */
export const PART_NUMBER = 'PN-OUTAGE-NIC';

/** The 503 every request that needs the store answers while it is away, in `locale`. */
export function expectUnavailable(
  answer: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  locale: Locale | 'HEAD' = 'en-US',
) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  if (locale !== 'HEAD')
    expect(answer.json()).toMatchObject({
      success: false,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: translate(locale, 'SERVICE_UNAVAILABLE', { seconds: 5 }),
    });
  // An error is never (the start of) a file, nor a way to one. (HEAD: no body; the console then
  // GETs the same link for the message, lib/start-download.ts.)
  expect(answer.headers['content-disposition']).toBeUndefined();
  expect(answer.headers.etag).toBeUndefined();
  expect(answer.headers.location).toBeUndefined();
}

/** A multipart body holding PNG_1PX as the field `name`. */
export const imagePart = (name = 'file') =>
  multipartBody([{ name, filename: 'me.png', content: PNG_1PX, contentType: 'image/png' }]);

/**
 * A portal on PGlite over an s3rver of its own (its own port and folder, which `s3.halt` and
 * `s3.restart` keep), listening on a port of its own for the tests that need a real socket: a
 * signed-in customer, the admin, a published 3 MiB PCIE version carrying PART_NUMBER and an item
 * (outage-bmc) to upload versions into.
 */
async function startOutagePortal() {
  const s3 = await startS3Server();
  const t = await createTestApp('pglite', {
    config: s3Config(s3.options),
    fileStore: new S3FileStore(s3.options, TIMEOUTS),
  });
  const admin = await adminToken(t.app);
  const customer = await signedInUser(t);
  const { version } = await publishedItem(t, { kind: 'PCIE', parts: [PART_NUMBER], size: 3 * 1024 * 1024 });
  const item = await withToken<PublishItem>(t.app, admin, {
    method: 'POST',
    url: '/api/publishing/items',
    payload: itemInput({ code: 'outage-bmc' }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    s3,
    t,
    admin,
    customer,
    version,
    itemId: item.body.data.id,
    port: (t.app.server.address() as AddressInfo).port,
    /** The customer's avatar upload (a 1x1 PNG), answered in `locale`. */
    uploadAvatar: (locale: Locale = 'en-US') => {
      const body = imagePart();
      return t.app.inject({
        method: 'POST',
        url: `/api/sysFileInfo/uploadAvatar?locale=${locale}`,
        payload: body.payload,
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': body.contentType },
      });
    },
  };
}

export type OutagePortal = Awaited<ReturnType<typeof startOutagePortal>>;

/**
 * Registers the file's beforeAll and afterAll around startOutagePortal; the returned object is
 * filled in by the time the tests run. A portal per file, so the long outage and the halts in the
 * middle of one request (lib/file-store/object-store-halt-mid-request.test.ts) run side by side without
 * disturbing each other: in one file they took 13-19.6 s of a busy two-core CI run.
 */
export function useOutagePortal(): OutagePortal {
  const portal = {} as OutagePortal;
  beforeAll(async () => {
    Object.assign(portal, await startOutagePortal());
  }, 60_000);
  afterAll(async () => {
    await portal.t.close();
    await portal.s3.stop();
  });
  return portal;
}
