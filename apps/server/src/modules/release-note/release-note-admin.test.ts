import { ErrorCode, type ReleaseNoteAdmin, type ReleaseNoteAdminInput } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';

import { freshAppPerTest, DRIVERS, type TestApp } from '../../test/test-app';

const SECRET_TEXT = 'A very long rich text line that must not end up in the audit log';

describe.each(DRIVERS)('release note administration on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  freshAppPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });

  const call = async <T = unknown>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `${url}?locale=en-US`,
      payload,
      headers: { authorization: `Bearer ${admin}` },
      remoteAddress: '10.7.7.7',
    });
    return { status: response.statusCode, body: response.json<{ code: number; data: T }>() };
  };
  const entries = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('audits every create, edit and delete with the staff member, IP and changed fields, not the text', async () => {
    const [staff] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    const input: ReleaseNoteAdminInput = {
      version: 'v9.0.0',
      createTime: '2030-01-02T03:04:05.000Z',
      items: [{ kind: '1', textZh: '新功能', textEn: SECRET_TEXT }],
    };
    const created = await call<ReleaseNoteAdmin>('POST', '/api/releaseNote/manage', input);
    expect(created.status).toBe(200);
    const id = created.body.data.id;

    // Same version and date, other lines: only the lines changed.
    const edited = await call('PUT', `/api/releaseNote/manage/${id}`, {
      ...input,
      items: [...input.items, { kind: '3', textZh: '修复', textEn: `${SECRET_TEXT} (fix)` }],
    });
    expect(edited.status).toBe(200);
    const renamed = await call('PUT', `/api/releaseNote/manage/${id}`, {
      ...input,
      version: 'v9.0.1',
      items: [...input.items, { kind: '3', textZh: '修复', textEn: `${SECRET_TEXT} (fix)` }],
    });
    expect(renamed.status).toBe(200);
    expect((await call('DELETE', `/api/releaseNote/manage/${id}`)).status).toBe(200);

    const rows = await entries();
    expect(rows.map((row) => row.action)).toEqual([
      'releaseNote.create',
      'releaseNote.update',
      'releaseNote.update',
      'releaseNote.delete',
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        actorId: staff?.id,
        actorAccount: 'admin',
        targetType: 'releaseNote',
        targetId: String(id),
        ip: '10.7.7.7',
      });
    expect(rows[0]?.detail).toEqual({ version: 'v9.0.0', createTime: input.createTime, lines: 1 });
    expect(rows[1]?.detail).toMatchObject({
      changed: ['items'],
      before: { version: 'v9.0.0', lines: 1 },
      after: { version: 'v9.0.0', lines: 2 },
    });
    expect(rows[2]?.detail).toMatchObject({
      changed: ['version'],
      before: { version: 'v9.0.0' },
      after: { version: 'v9.0.1' },
    });
    expect(rows[3]?.detail).toEqual({ version: 'v9.0.1', createTime: input.createTime, lines: 2 });
    expect(JSON.stringify(rows)).not.toContain(SECRET_TEXT);
  });

  it('leaves no entry for a change that fails', async () => {
    const input = { version: 'v9.1.0', createTime: '2030-01-02T03:04:05.000Z', items: [] };
    expect((await call('POST', '/api/releaseNote/manage', input)).status).toBe(200);
    const before = (await entries()).length;
    const duplicate = await call('POST', '/api/releaseNote/manage', input);
    expect(duplicate).toMatchObject({ status: 409, body: { code: ErrorCode.RELEASE_NOTE_EXISTS } });
    const missing = await call('PUT', '/api/releaseNote/manage/999999', input);
    expect(missing).toMatchObject({ status: 404, body: { code: ErrorCode.PUBLISH_NOT_FOUND } });
    expect((await call('DELETE', '/api/releaseNote/manage/999999')).status).toBe(404);
    expect(await entries()).toHaveLength(before);
  });
});
