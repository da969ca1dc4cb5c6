import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, ErrorCode, type LoginUser } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { freshAppSignedIn } from '../../test/signed-in-app';
import { DRIVERS, type TestApp } from '../../test/test-app';

/** A real 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----portal-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DRIVERS)('avatar files on %s', (driver) => {
  let t: TestApp;
  let token: string;
  freshAppSignedIn(driver, (app, user) => {
    t = app;
    token = user.token;
  });

  const upload = async (file: Buffer, filename = 'me.png', type = 'image/png', as = token) => {
    const body = multipart(file, filename, type);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sysFileInfo/uploadAvatar?locale=en-US',
      payload: body.payload,
      headers: { authorization: `Bearer ${as}`, 'content-type': body.contentType },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const preview = (id: string, as = token, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/sysFileInfo/preview?id=${id}&locale=en-US`,
      headers: { authorization: `Bearer ${as}`, ...headers },
    });
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'files', 'avatars');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('stores an avatar, points the user at it, and serves it with its type and ETag', async () => {
    const answer = await upload(PNG_1PX);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ size: PNG_1PX.length, contentType: 'image/png' });
    const me = await withToken<LoginUser>(t.app, token, { url: '/api/getLoginUser' });
    expect(me.body.data.avatar).toBe(answer.body.data.id);
    const image = await preview(answer.body.data.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    const cached = await preview(answer.body.data.id, token, { 'if-none-match': String(image.headers.etag) });
    expect(cached.statusCode).toBe(304);

    // Another signed-in user may see the avatar; nobody may without a session.
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    expect(
      (await preview(answer.body.data.id, await tokenFor(t.app, other.account, other.password))).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/sysFileInfo/preview?id=${answer.body.data.id}` })).statusCode,
    ).toBe(401);
  });

  it('replaces the previous avatar and removes its bytes', async () => {
    const first = await upload(PNG_1PX);
    const second = await upload(PNG_1PX);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(storedFiles()).toEqual([second.body.data.id]);
    const gone = await preview(first.body.data.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND, message: 'File does not exist' });
  });

  it('refuses files that are not images by content (whatever the name says) and files over 2 MB, leaving nothing behind', async () => {
    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'me.png', 'image/png');
    expect(script).toMatchObject({ status: 415, body: { code: ErrorCode.FILE_TYPE_NOT_ALLOWED } });
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const large = await upload(big);
    expect(large).toMatchObject({
      status: 413,
      body: { code: ErrorCode.FILE_TOO_LARGE, message: 'The file is too large (at most 2 MB)' },
    });
    const exact = await upload(Buffer.concat([PNG_1PX, Buffer.alloc(AVATAR_MAX_BYTES - PNG_1PX.length)]));
    expect(exact.status).toBe(200);
    expect(storedFiles()).toHaveLength(1);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/sysFileInfo/uploadAvatar',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers an unknown id like a missing file', async () => {
    const response = await preview('0123456789abcdef');
    expect(response.statusCode).toBe(404);
  });
});
