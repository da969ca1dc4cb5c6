import { ErrorCode, type NoticePage, type ReleaseNote } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('notices and release notes on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver);
  });
  afterEach(() => t.close());

  const post = (userId: number, n: number) =>
    t.app.services.notices.post({ userId, title: { zh: `通知 ${n}`, en: `Notice ${n}` } });

  it('lists only my notices, newest first, paged, with the unread count', async () => {
    const me = await createUser(t.db, { roleCodes: ['customer'] });
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    for (let n = 1; n <= 3; n++) {
      await post(me.id, n);
      t.clock.advance(1000);
    }
    await post(other.id, 99);
    const token = await tokenFor(t.app, me.account, me.password);
    const page = await withToken<NoticePage>(t.app, token, { url: '/api/notices?pageSize=2&locale=en-US' });
    expect(page.body.data).toMatchObject({ totalRows: 3, pageNo: 1, unread: 3 });
    expect(page.body.data.rows.map((row) => row.title)).toEqual(['Notice 3', 'Notice 2']);
    const second = await withToken<NoticePage>(t.app, token, {
      url: '/api/notices?pageSize=2&pageNo=2&locale=zh-CN',
    });
    expect(second.body.data.rows.map((row) => row.title)).toEqual(['通知 1']);
  });

  it('marks my notices read, ignores ids of other users and validates the body', async () => {
    const me = await createUser(t.db, { roleCodes: ['customer'] });
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    await post(me.id, 1);
    await post(me.id, 2);
    await post(other.id, 3);
    const token = await tokenFor(t.app, me.account, me.password);
    const mine = await withToken<NoticePage>(t.app, token, { url: '/api/notices' });
    const otherToken = await tokenFor(t.app, other.account, other.password);
    const theirs = await withToken<NoticePage>(t.app, otherToken, { url: '/api/notices' });
    const theirId = theirs.body.data.rows[0]?.id ?? 0;

    const first = mine.body.data.rows[0]?.id ?? 0;
    const read = await withToken(t.app, token, {
      method: 'POST',
      url: '/api/notices/read',
      payload: { ids: [first, theirId] },
    });
    expect(read.body.data).toEqual({ updated: 1, unread: 1 });
    expect((await withToken<NoticePage>(t.app, otherToken, { url: '/api/notices' })).body.data.unread).toBe(
      1,
    );

    const all = await withToken(t.app, token, {
      method: 'POST',
      url: '/api/notices/read',
      payload: { all: true },
    });
    expect(all.body.data).toEqual({ updated: 1, unread: 0 });
    const unreadOnly = await withToken<NoticePage>(t.app, token, { url: '/api/notices?unreadOnly=true' });
    expect(unreadOnly.body.data.rows).toEqual([]);

    const empty = await withToken(t.app, token, { method: 'POST', url: '/api/notices/read', payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(ErrorCode.PARAM_ERROR);
    const tooBig = await withToken(t.app, token, { url: '/api/notices?pageSize=1000' });
    expect(tooBig.body.code).toBe(ErrorCode.PARAM_ERROR);
  });

  it('answers the release notes newest first with the three kinds', async () => {
    const reader = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, reader.account, reader.password);
    const answer = await withToken<ReleaseNote[]>(t.app, token, {
      url: '/api/releaseNote/getReleaseNoteList?locale=en-US',
    });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.map((note) => note.version)).toEqual(['v1.1.0', 'v1.0.0']);
    expect(answer.body.data[0]?.content['3']).toEqual(['Menu titles now follow a language switch']);
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/releaseNote/getReleaseNoteList' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

// The welcome notice belongs to the demo seed: the demo data itself is what this block tests.
describe.each(DRIVERS)('the demo customer on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver, { demo: true });
  });
  afterEach(() => t.close());

  it('greets the seeded demo customer with a welcome notice', async () => {
    const token = await tokenFor(t.app, 'demo', DEMO_PASSWORD);
    const page = await withToken<NoticePage>(t.app, token, { url: '/api/notices?locale=en-US' });
    expect(page.body.data.unread).toBe(1);
    expect(page.body.data.rows[0]?.title).toMatch(/^Welcome/);
  });
});
