import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { multipartBody } from './publishing-test-kit';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('release-notes image bytes'),
]);

/**
 * Release-notes images load for readers (issue 17 §4): an `<img>` sends no bearer header, so
 * the image is public and immutable at an address only the notes name.
 */
describe.each(DRIVERS)('release-notes images on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const user = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, user.account, user.password);
  }, 60_000);
  afterAll(() => t.close());

  /** A multipart upload of PNG as `filename` to `url`, with `token`'s session. */
  const post = (url: string, token: string, filename: string) => {
    const body = multipartBody([{ name: 'file', filename, content: PNG }]);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    });
  };
  const upload = async () => {
    const answer = await post('/api/publishing/editor/images', staff, 'shot.png');
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { url: string }).url;
  };

  it('serves an uploaded image to a browser without a session, cacheable for good', async () => {
    const url = await upload();
    expect(url).toMatch(/^\/api\/editor-images\/[0-9a-f]{32}$/);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves nothing else: unknown ids, malformed ids and other stored files answer 404 or 400', async () => {
    expect(
      (await t.app.inject({ url: '/api/editor-images/0123456789abcdef0123456789abcdef' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/editor-images/..%2F..%2Fetc' })).statusCode).toBe(400);
    // An avatar is a stored file too, but never public.
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, user.account, user.password);
    const avatar = await post('/api/sysFileInfo/uploadAvatar', token, 'me.png');
    expect(avatar.statusCode).toBe(200);
    const avatarId = (avatar.json() as { data: { id: string } }).data.id;
    expect((await t.app.inject({ url: `/api/editor-images/${avatarId}` })).statusCode).toBe(404);
  });
});
