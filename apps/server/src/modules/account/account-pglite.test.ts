import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp } from '../../test/test-app';
import { describeAccount } from './account-cases';

describeAccount('pglite');

describe('mail without SMTP', () => {
  it('keeps the code in the outbox so a plain npm start can complete the flow', async () => {
    const t = await createTestApp('pglite');
    try {
      const { token } = await signedInUser(t, { roleCodes: ['customer'], email: 'zoe@example.com' });
      const sent = await withToken(t.app, token, { url: '/api/sysUser/getVerifyCode?locale=zh-CN' });
      expect(sent.body.success).toBe(true);
      const [outbox] = await t.db.select().from(mailOutbox);
      expect(outbox).toMatchObject({ recipient: 'zoe@example.com', status: 'logged', subject: '您的验证码' });
      expect(outbox?.body).toMatch(/您的验证码是 \d{6}/);
    } finally {
      await t.close();
    }
  });
});
