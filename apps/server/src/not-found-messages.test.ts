import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, organisationId } from './test/factories';
import { tokenFor } from './test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from './test/test-app';

/**
 * Issue 40 §3: "序列号 {sn} 不存在" and "URL does not exist: {path}" reached users with the raw
 * placeholder. Each 404 names what was not found, in the reader's language, and never shows a
 * `{name}` placeholder nor echoes a bidi or zero-width character back.
 */
describe.each(DRIVERS)('404 messages name what was not found on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const user = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Message Fleet' });
    customer = await tokenFor(t.app, user.account, user.password);
    admin = await adminToken(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  const message = async (url: string, token?: string) => {
    const answer = await t.app.inject({
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = answer.json<{ code: number; message: string }>();
    expect(body.message, url).not.toMatch(/\{\w+\}/);
    return { status: answer.statusCode, message: body.message };
  };

  it('an unknown SN in My servers, in both languages', async () => {
    expect(await message('/api/fleet/servers/NO-SUCH-SN-1?locale=en-US', customer)).toEqual({
      status: 404,
      message: 'Serial number NO-SUCH-SN-1 does not exist',
    });
    expect(await message('/api/fleet/servers/no-such-sn-1?locale=zh-CN', customer)).toEqual({
      status: 404,
      message: '序列号 NO-SUCH-SN-1 不存在',
    });
    // What the reader typed comes back without the characters that would make it read otherwise.
    const sneaky = await message(`/api/fleet/servers/${encodeURIComponent('AB\u202eCD\u200b')}`, customer);
    expect(sneaky.status).toBe(404);
    expect(sneaky.message).toContain('ABCD');
    expect(sneaky.message).not.toMatch(/[\u202e\u200b]/);
  });

  it("an unknown SN of an organisation's fleet, seen by staff", async () => {
    const id = await organisationId(t.db, 'Message Fleet');
    expect(await message(`/api/staff/fleet/orgs/${id}/servers/NO-SUCH-SN-2?locale=en-US`, admin)).toEqual({
      status: 404,
      message: 'Serial number NO-SUCH-SN-2 does not exist',
    });
  });

  it('an unknown CSAF file names its path', async () => {
    for (const path of [
      '/.well-known/csaf/white/nothing.txt',
      '/.well-known/csaf/white/2026/nothing.json',
      '/.well-known/csaf/white/2026/not-a-document',
      '/.well-known/csaf/openpgp/0000.asc',
    ]) {
      expect(await message(`${path}?locale=en-US`)).toEqual({
        status: 404,
        message: `URL does not exist: ${path}`,
      });
      expect((await message(`${path}?locale=zh-CN`)).message).toBe(`请求地址不存在：${path}`);
    }
  });
});
