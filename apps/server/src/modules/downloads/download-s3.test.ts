import { createHash } from 'node:crypto';
import { type PublishItem, type PublishVersion } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { tokenFor, withToken } from '../../test/requests';
import { startS3Server } from '../../test/s3-server';
import { archives, itemInput, uploadVersion, versionMeta } from '../publishing/publishing-test-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('publishing and downloading with object storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    const { options } = s3;
    t = await createTestApp('pglite', {
      config: {
        S3_BUCKET: options.bucket,
        S3_ENDPOINT: options.endpoint,
        S3_REGION: options.region,
        S3_ACCESS_KEY_ID: options.accessKeyId,
        S3_SECRET_ACCESS_KEY: options.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores an upload in the bucket and sends a customer to a presigned URL serving its bytes', async () => {
    const admin = await tokenFor(t.app, 'admin', ADMIN_PASSWORD);
    const item = await withToken<PublishItem>(t.app, admin, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({ code: 's3-bios', visibility: 'signed_in' }),
    });
    expect(item.status).toBe(200);
    const archive = archives.zip('stored in s3');
    const uploaded = await uploadVersion(
      t,
      admin,
      item.body.data.id,
      { filename: 'bios-s3.zip', content: archive },
      versionMeta(),
    );
    expect(uploaded.status).toBe(200);
    const version = uploaded.body.data as PublishVersion;
    expect(version.sha256).toBe(sha256(archive));
    const published = await withToken(t.app, admin, {
      method: 'POST',
      url: `/api/publishing/versions/${version.id}/publish`,
    });
    expect(published.status).toBe(200);

    const demo = await tokenFor(t.app, 'demo', DEMO_PASSWORD);
    const answer = await t.app.inject({
      url: `/api/downloads/${version.id}`,
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(answer.statusCode).toBe(302);
    const location = String(answer.headers.location);
    expect(location.startsWith(`${s3.options.endpoint}/${s3.options.bucket}/`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(sha256(archive));
    expect(fetched.headers.get('content-disposition')).toContain('bios-s3.zip');

    // Anonymous readers are refused before any URL is made.
    const anonymous = await t.app.inject({ url: `/api/downloads/${version.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers.location).toBeUndefined();
  }, 60_000);
});
