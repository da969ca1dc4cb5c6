import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type DisplayPreferences,
  ErrorCode,
  type OutboxEntry,
  type Page,
  type Profile,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { codeIn, lastMailTo, lastSmsTo } from '../../test/outbox';
import { tokenFor, withToken } from '../../test/requests';
import { freshAppSignedIn } from '../../test/signed-in-app';
import { adminToken, DRIVERS, type TestApp } from '../../test/test-app';

const PREFERENCES: DisplayPreferences = {
  primaryColor: '#722ED1',
  navTheme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  fixSiderbar: true,
  autoHideHeader: false,
  colorWeak: false,
  multiTab: true,
};

describe.each(DRIVERS)('account settings on %s', (driver) => {
  let t: TestApp;
  let token: string;
  let myId: number;
  freshAppSignedIn(
    driver,
    (app, user) => {
      t = app;
      token = user.token;
      myId = user.id;
    },
    { account: 'dora', company: 'Dora Cloud Co., Ltd.' },
  );
  // The factory leaves the industry empty; a stored one shows that it is read back.
  beforeEach(async () => {
    await t.db.update(users).set({ industry: 'internet' }).where(eq(users.id, myId));
  });

  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
    withToken<T>(t.app, as, { method, url: `${url}${url.includes('?') ? '&' : '?'}locale=en-US`, payload });

  it('reads and updates the base information; an unknown industry is a field error', async () => {
    const profile = await call<Profile>('GET', '/api/sysUser/profile');
    expect(profile.body.data).toMatchObject({
      account: 'dora',
      company: 'Dora Cloud Co., Ltd.',
      industry: 'internet',
    });
    const update = {
      nickName: 'Demo 2',
      name: 'Dora',
      company: 'Demo Cloud',
      industry: 'finance',
      locale: 'en-US',
    };
    const updated = await call<Profile>('POST', '/api/sysUser/updateInfo', update);
    expect(updated.body.data).toMatchObject(update);
    const bad = await call('POST', '/api/sysUser/updateInfo', { ...update, industry: 'mining' });
    expect(bad.body).toMatchObject({
      code: ErrorCode.PARAM_ERROR,
      data: [{ field: 'industry', message: 'choose an industry from the list' }],
    });
    const empty = await call('POST', '/api/sysUser/updateInfo', { ...update, nickName: '  ' });
    expect(empty.status).toBe(400);
    expect((await call<Profile>('GET', '/api/sysUser/profile')).body.data.industry).toBe('finance');
  });

  it('binds a new email with the code mailed to it; an address of another account cannot be bound', async () => {
    const sent = await call('GET', '/api/sysUser/emailCode?email=new.demo@example.com');
    expect(sent.body.data).toMatchObject({ destination: 'n***@example.com' });
    const mail = await lastMailTo(t.db, 'new.demo@example.com');
    expect(mail?.subject).toBe('Confirm your new email address');
    expect(
      (await call('POST', '/api/sysUser/bindEmail', { email: 'new.demo@example.com', code: '000000' })).body
        .code,
    ).toBe(ErrorCode.VERIFY_CODE_WRONG);
    const bound = await call<Profile>('POST', '/api/sysUser/bindEmail', {
      email: 'New.Demo@example.com',
      code: codeIn(mail?.body),
    });
    expect(bound.body.data.email).toBe('new.demo@example.com');

    // The owner of the address is warned in the owner's language, not the caller's (en-US).
    await createUser(t.db, { account: 'taken', email: 'taken@example.com', locale: 'zh-CN' });
    await call('GET', '/api/sysUser/emailCode?email=taken@example.com');
    const warning = await lastMailTo(t.db, 'taken@example.com');
    expect(warning?.subject).toBe('有人尝试使用您的邮箱注册');
    expect(warning?.body).toContain('该邮箱已属于账号 taken');
    expect(codeIn(warning?.body)).toBe('');
  });

  it('binds a phone with an SMS code from the logging driver', async () => {
    await call('GET', '/api/sysUser/smsCode?phone=13900001111');
    const code = codeIn((await lastSmsTo(t.db, '13900001111'))?.body);
    const bound = await call<Profile>('POST', '/api/sysUser/bindPhone', { phone: '139 0000 1111', code });
    expect(bound.body.data.phone).toBe('13900001111');
    const invalid = await call('GET', '/api/sysUser/smsCode?phone=abc');
    expect(invalid.body).toMatchObject({ code: ErrorCode.PARAM_ERROR, data: [{ field: 'phone' }] });
  });

  it('keeps display preferences and notification settings on the server, validated', async () => {
    expect((await call('GET', '/api/sysUser/preferences')).body.data).toBeNull();
    expect((await call('PUT', '/api/sysUser/preferences', PREFERENCES)).body.data).toEqual(PREFERENCES);
    expect((await call('GET', '/api/sysUser/preferences')).body.data).toEqual(PREFERENCES);
    const bad = await call('PUT', '/api/sysUser/preferences', { ...PREFERENCES, primaryColor: 'red;}' });
    expect(bad.status).toBe(400);

    expect((await call('GET', '/api/sysUser/notificationSettings')).body.data).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, taskFinished: { inApp: false, email: true } };
    await call('PUT', '/api/sysUser/notificationSettings', settings);
    expect((await call('GET', '/api/sysUser/notificationSettings')).body.data).toEqual(settings);
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    const otherToken = await tokenFor(t.app, other.account, other.password);
    expect((await call('GET', '/api/sysUser/notificationSettings', undefined, otherToken)).body.data).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('shows the outbox to staff only, with no live secret in it, and audits every read', async () => {
    await call('GET', '/api/sysUser/smsCode?phone=13900002222');
    const sent = await lastSmsTo(t.db, '13900002222');
    const code = codeIn(sent?.body);
    expect(code).toMatch(/^\d{6}$/);
    expect((await call('GET', '/api/sysMessage/outbox?channel=sms')).status).toBe(403);
    const staff = await createUser(t.db, { roleCodes: ['staff'] });
    const staffToken = await tokenFor(t.app, staff.account, staff.password);
    const page = await call<Page<OutboxEntry>>(
      'GET',
      '/api/sysMessage/outbox?channel=sms',
      undefined,
      staffToken,
    );
    expect(page.body.data.totalRows).toBe(1);
    expect(page.body.data.rows[0]).toMatchObject({
      recipient: '13900002222',
      subject: 'log',
      status: 'logged',
    });
    expect(JSON.stringify(page.body.data)).not.toContain(code);
    expect(page.body.data.rows[0]?.body).toContain('••••••');
    const reads = await t.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.read'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: staff.id, targetId: 'sms' });
    const admin = await adminToken(t.app);
    expect((await call('GET', '/api/sysMessage/outbox', undefined, admin)).status).toBe(200);
  });
});
