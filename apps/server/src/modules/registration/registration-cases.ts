import { ErrorCode, type RegisterResult, type Verification, type VerifyCodeSent } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, notices, userRoles, userSerials, users } from '../../db/schema';
import { createModel, createServer } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { codeIn, lastMailTo, lastSmsTo } from '../../test/outbox';
import { login, tokenFor, withToken } from '../../test/requests';
import { createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { normaliseCompany } from '../serials/serial.service';

const PASSWORD = 'Register#22';
/** The customer the servers below were shipped to, as the shipping records name it. */
const COMPANY = 'Sky Cloud Co., Ltd.';
/** Two servers shipped to COMPANY, one to another customer (sorting before ours, as listed by SN). */
const OURS = 'SKY2U0000101';
const OURS_TOO = 'SKY1U0000417';
const THEIRS = 'NW2U0000033';

/**
 * The registration cases on one driver: a file each (registration-pglite.test.ts and
 * registration-postgres.test.ts), so that the two run beside each other rather than one after the
 * other in one file.
 */
export const describeRegistration = (only: Driver) =>
  describe.each([only])('registration on %s', (driver) => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(driver);
    });
    afterEach(() => t.close());

    /** The shipped servers the SN tests bind; answers the model's code. */
    async function shipServers() {
      const model = await createModel(t.db);
      // A verified owner sees the maintenance end, so our server has one.
      await createServer(t.db, {
        modelId: model.id,
        customer: COMPANY,
        sn: OURS,
        maintenanceEnd: '2030-12-31',
      });
      await createServer(t.db, { modelId: model.id, customer: COMPANY, sn: OURS_TOO });
      await createServer(t.db, { modelId: model.id, customer: 'Northwind Data Center', sn: THEIRS });
      return model.code;
    }
    const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n;

    const get = async <T>(url: string, remoteAddress = '127.0.0.1') => {
      const response = await t.app.inject({ url, remoteAddress });
      return {
        status: response.statusCode,
        body: response.json<{ code: number; message: string; data: T }>(),
        headers: response.headers,
      };
    };
    const register = async (body: object, locale = 'en-US') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/auth/register?locale=${locale}`,
        payload: body,
      });
      return {
        status: response.statusCode,
        body: response.json<{ code: number; message: string; data: unknown }>(),
      };
    };
    async function emailCode(email: string) {
      const sent = await get<VerifyCodeSent>(
        `/api/auth/emailCode?email=${encodeURIComponent(email)}&locale=en-US`,
      );
      expect(sent.status).toBe(200);
      return codeIn((await lastMailTo(t.db, email.toLowerCase()))?.body);
    }
    const form = (overrides: object = {}) => ({
      account: 'new_customer',
      password: PASSWORD,
      confirm: PASSWORD,
      nickName: 'Newbie',
      name: 'Nora New',
      email: 'nora@example.com',
      emailCode: '',
      company: 'Nora Systems',
      industry: 'finance',
      ...overrides,
    });

    it('registers with a mailed code: sourceType 01, customer role, welcome notice, and the account signs in', async () => {
      const code = await emailCode('Nora@Example.com');
      expect(code).toMatch(/^\d{6}$/);
      const answer = await register(form({ email: 'Nora@Example.com', emailCode: code }));
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual<RegisterResult>({
        account: 'new_customer',
        email: 'n***@example.com',
        sn: null,
      });
      const [user] = await t.db.select().from(users).where(eq(users.account, 'new_customer'));
      expect(user).toMatchObject({
        sourceType: '01',
        adminType: '2',
        email: 'nora@example.com',
        company: 'Nora Systems',
        industry: 'finance',
      });
      const [roles] = await t.db
        .select({ n: count() })
        .from(userRoles)
        .where(eq(userRoles.userId, user?.id ?? 0));
      expect(roles?.n).toBe(1);
      const [welcome] = await t.db
        .select({ n: count() })
        .from(notices)
        .where(eq(notices.userId, user?.id ?? 0));
      expect(welcome?.n).toBe(1);
      expect((await lastMailTo(t.db, 'nora@example.com'))?.subject).toBe('Welcome to the download portal');
      expect((await login(t.app, 'new_customer', PASSWORD)).body.success).toBe(true);
    });

    it('welcomes the new user in the language the account keeps, not the page it was sent from', async () => {
      const code = await emailCode('nora@example.com');
      const answer = await register(form({ emailCode: code, locale: 'zh-CN' }), 'en-US');
      expect(answer.status).toBe(200);
      const [user] = await t.db.select().from(users).where(eq(users.account, 'new_customer'));
      expect(user?.locale).toBe('zh-CN');
      const welcome = await lastMailTo(t.db, 'nora@example.com');
      expect(welcome?.subject).toBe('欢迎使用下载门户');
      expect(welcome?.body).toContain('您的账号 new_customer 已创建');
    });

    it('answers each rule with its own message, in the reader language', async () => {
      const usersBefore = await userCount();
      const naming = await register(form({ account: 'bad name!' }));
      expect(naming.body.code).toBe(ErrorCode.ACCOUNT_NAMING);
      expect(naming.body.message).toMatch(/^The username naming is unreasonable/);
      const namingZh = await register(form({ account: 'bad-name' }), 'zh-CN');
      expect(namingZh.body.message).toMatch(/^用户名命名不合理/);
      expect((await register(form({ account: 'abc' }))).body.code).toBe(ErrorCode.ACCOUNT_NAMING);
      const weak = await register(form({ password: 'weakpass1', confirm: 'weakpass1' }));
      expect(weak.body.code).toBe(ErrorCode.PASSWORD_WEAK);
      expect(weak.body.message).toMatch(/^Insufficient password strength/);
      const mismatch = await register(form({ confirm: 'Register#23' }));
      expect(mismatch.body).toMatchObject({
        code: ErrorCode.PASSWORD_MISMATCH,
        message: 'Password inconsistency',
      });
      const fields = await register(
        form({ nickName: '', email: 'not-an-email', industry: 'mining', phone: '12ab' }),
      );
      expect(fields.status).toBe(400);
      expect(fields.body.code).toBe(ErrorCode.PARAM_ERROR);
      expect(fields.body.data).toEqual([
        { field: 'nickName', message: 'is required' },
        { field: 'email', message: 'is not a valid email address' },
        { field: 'emailCode', message: 'is required' },
        { field: 'industry', message: 'choose an industry from the list' },
        { field: 'phone', message: 'is not a valid phone number' },
        { field: 'smsCode', message: 'is required' },
      ]);
      expect(await userCount()).toBe(usersBefore);
    });

    it('tells a taken account (any case) only after the code is proven, and refuses a wrong or reused code', async () => {
      await createUser(t.db, { account: 'taken_name', roleCodes: ['customer'] });
      // Without the code, a taken name answers as a free one: account names cannot be probed.
      const probe = await register(form({ account: 'TAKEN_NAME', emailCode: '000000' }));
      const free = await register(form({ account: 'free_name', emailCode: '000000' }));
      expect(probe.body).toEqual(free.body);
      expect(probe.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      const code = await emailCode('nora@example.com');
      const taken = await register(form({ account: 'TAKEN_NAME', emailCode: code }));
      expect(taken).toMatchObject({ status: 409, body: { code: ErrorCode.ACCOUNT_EXISTS } });
      const wrong = await register(form({ emailCode: code === '111111' ? '222222' : '111111' }));
      expect(wrong.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      // The taken name did not spend the code.
      expect((await register(form({ emailCode: code }))).status).toBe(200);
      const again = await register(form({ account: 'second_one', emailCode: code }));
      expect(again.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
    });

    it('does not reveal registered addresses: the owner is warned (in their language), the caller cannot pass the code step', async () => {
      const owner = await createUser(t.db, {
        account: 'olga_owner',
        email: 'olga@example.com',
        locale: 'zh-CN',
      });
      const sent = await get<VerifyCodeSent>('/api/auth/emailCode?email=olga@example.com&locale=en-US');
      expect(sent.status).toBe(200);
      expect(sent.body.data.destination).toBe('o***@example.com');
      const mail = await lastMailTo(t.db, 'olga@example.com');
      expect(mail?.subject).toBe('有人尝试使用您的邮箱注册');
      expect(mail?.body).toContain('该邮箱已属于账号 olga_owner');
      expect(codeIn(mail?.body)).toBe('');

      // The reverse: an English owner, a caller on the Chinese page.
      await t.db.update(users).set({ locale: 'en-US' }).where(eq(users.id, owner.id));
      t.clock.advance(61_000);
      await get('/api/auth/emailCode?email=olga@example.com&locale=zh-CN', '10.6.0.1');
      const english = await lastMailTo(t.db, 'olga@example.com');
      expect(english?.subject).toBe('Someone tried to register with your address');
      expect(english?.body).toContain('account olga_owner');
      // A new address has no owner: its code follows the caller's page.
      await get('/api/auth/emailCode?email=fresh@example.com&locale=zh-CN', '10.6.0.2');
      expect((await lastMailTo(t.db, 'fresh@example.com'))?.subject).toBe('您的注册验证码');
      const attempt = await register(form({ email: 'olga@example.com', emailCode: '123456' }));
      expect(attempt.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
    });

    it('limits codes per destination, whatever the IP: 429 with Retry-After inside the resend minute and past 10 a day', async () => {
      const url = '/api/auth/emailCode?email=nora@example.com';
      await emailCode('nora@example.com');
      const soon = await get(url, '10.0.0.1');
      expect(soon.status).toBe(429);
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 1; i < 10; i++) {
        t.clock.advance(61_000);
        expect((await get(url, `10.0.1.${i}`)).status).toBe(200);
      }
      t.clock.advance(61_000);
      const capped = await get<unknown>(url, '10.0.2.1');
      expect(capped.status).toBe(429);
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3600);
      const [mails] = await t.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, 'nora@example.com'));
      expect(mails?.n).toBe(10);
    });

    it('limits code requests per IP (429)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await get(`/api/auth/emailCode?email=ip${i}@example.com`)).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('verifies a phone by SMS code through the logging driver and its outbox', async () => {
      const sent = await get<VerifyCodeSent>('/api/getSmsCaptcha?phone=%2B86%20138-0013-8000&locale=en-US');
      expect(sent.body.data.destination).toBe('***8000');
      const sms = await lastSmsTo(t.db, '+8613800138000');
      expect(sms).toMatchObject({ driver: 'log', status: 'logged' });
      const smsCode = codeIn(sms?.body);
      const code = await emailCode('nora@example.com');
      const noSms = await register(form({ emailCode: code, phone: '+86 138-0013-8000', smsCode: '000000' }));
      expect(noSms.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      const code2 = (t.clock.advance(61_000), await emailCode('nora@example.com'));
      const ok = await register(form({ emailCode: code2, phone: '+86 138-0013-8000', smsCode }));
      expect(ok.status).toBe(200);
      const [user] = await t.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.account, 'new_customer'));
      expect(user?.phone).toBe('+8613800138000');
    });

    it('binds an optional SN, always pending (a typed company proves nothing); unknown SN refused with nothing written', async () => {
      await shipServers();
      // The anonymous check says whether the SN can be registered, never its model or customer.
      const lookup = await get<{ exists: boolean }>(
        `/api/v1/auth/register/sn?sn=${OURS.toLowerCase()}&locale=en-US`,
      );
      expect(lookup.body.data).toEqual({ sn: OURS, exists: true });
      expect((await get<{ exists: boolean }>('/api/v1/auth/register/sn?sn=NOPE0000')).body.data.exists).toBe(
        false,
      );

      const code = await emailCode('nora@example.com');
      const unknown = await register(form({ emailCode: code, sn: 'NOPE0000' }));
      expect(unknown).toMatchObject({
        status: 404,
        body: { code: ErrorCode.SN_NOT_FOUND, message: 'Serial number NOPE0000 does not exist' },
      });
      const [none] = await t.db.select({ n: count() }).from(users).where(eq(users.account, 'new_customer'));
      expect(none?.n).toBe(0);

      // Naming the SN's customer as one's company (the attack) gains nothing: pending, model hidden.
      const typedCompany = ' sky cloud co ltd ';
      expect(normaliseCompany(typedCompany)).toBe(normaliseCompany(COMPANY));
      const same = await register(form({ emailCode: code, sn: OURS, company: typedCompany }));
      expect((same.body.data as RegisterResult).sn).toEqual({ sn: OURS, state: 'pending' });
      t.clock.advance(61_000);
      const code2 = await emailCode('otto@example.com');
      const other = await register(
        form({ account: 'otto', email: 'otto@example.com', emailCode: code2, sn: THEIRS }),
      );
      expect((other.body.data as RegisterResult).sn).toEqual({ sn: THEIRS, state: 'pending' });
    });

    it('writes nothing when a step inside the transaction fails', async () => {
      await shipServers();
      const code = await emailCode('nora@example.com');
      // Another registration takes the address between the checks and the insert.
      await createUser(t.db, { email: 'nora@example.com' });
      const raced = await register(form({ emailCode: code, sn: OURS }));
      expect(raced.body.code).toBe(ErrorCode.EMAIL_REGISTERED);
      const [created] = await t.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.account, 'new_customer'));
      expect(created?.n).toBe(0);
      const [bound] = await t.db.select({ n: count() }).from(userSerials);
      expect(bound?.n).toBe(0);
    });

    it('lists the 15 industries without a session', async () => {
      const answer = await get<{ code: string; name: string }[]>('/api/auth/industries?locale=en-US');
      expect(answer.body.data).toHaveLength(15);
      expect(answer.body.data[0]).toMatchObject({ code: 'government', name: 'Government' });
    });

    it('binds, lists and removes SNs of a signed-in account', async () => {
      const model = await shipServers();
      const customer = await createUser(t.db, { roleCodes: ['customer'], organisation: COMPANY });
      const token = await tokenFor(t.app, customer.account, customer.password);
      const bind = (sn: unknown) =>
        withToken<Verification>(t.app, token, {
          method: 'POST',
          url: '/api/auth/bindSn?locale=en-US',
          payload: { sn },
        });
      const bound = await bind(`${OURS.toLowerCase()}, ${THEIRS}`);
      expect(bound.body.data).toMatchObject({ verified: 1, pending: 1 });
      // Verified through the staff-assigned organisation; another customer's SN stays pending and
      // shows nothing about its server.
      expect(bound.body.data.serials.map((s) => [s.sn, s.state, s.model, s.maintenanceEnd === null])).toEqual(
        [
          [THEIRS, 'pending', null, true],
          [OURS, 'verified', model, false],
        ],
      );
      expect((await bind(OURS)).body.data.serials).toHaveLength(2);
      expect((await bind('')).body.code).toBe(ErrorCode.PARAM_ERROR);
      const eleven = Array.from({ length: 11 }, (_, i) => `SN${1000 + i}`);
      expect((await bind(eleven)).body.code).toBe(ErrorCode.SN_LIMIT);
      const unknown = await bind([OURS_TOO, 'ZZZZ9999']);
      expect(unknown.body).toMatchObject({
        code: ErrorCode.SN_NOT_FOUND,
        message: 'Serial number ZZZZ9999 does not exist',
      });
      const state = await withToken<Verification>(t.app, token, { url: '/api/auth/verification' });
      expect(state.body.data.serials).toHaveLength(2); // nothing of the refused request was bound
      const removed = await withToken<Verification>(t.app, token, {
        method: 'DELETE',
        url: `/api/auth/bindSn/${THEIRS}`,
      });
      expect(removed.body.data).toMatchObject({ verified: 1, pending: 0 });
      expect((await t.app.inject({ url: '/api/auth/verification' })).statusCode).toBe(401);
    });
  });
