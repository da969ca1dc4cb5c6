import {
  type AuditEntry,
  type DictNode,
  type DictTypeRow,
  type DictValueRow,
  ErrorCode,
  type Page,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { adminPagesPerTest } from '../../test/admin-pages';
import { signedInUser } from '../../test/signed-in-user';
import { type Method } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

type Fields = { field: string; message: string }[];

describe.each(DRIVERS)('dictionary administration on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  const call = adminPagesPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });
  const types = async () => (await call<DictTypeRow[]>(admin, 'GET', '/api/sysDictType/list')).body.data;
  const tree = async (token: string) =>
    (await call<DictNode[]>(token, 'GET', '/api/sysDictType/tree')).body.data;

  it('refuses every endpoint to a user without the dictionary permissions (403, 1013002)', async () => {
    const { token } = await signedInUser(t);
    const industry = (await types())[0];
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/sysDictType/list'],
      ['POST', '/api/sysDictType/add', { code: 'x', nameZh: 'x', nameEn: 'x' }],
      ['PUT', `/api/sysDictType/${industry?.id}`, { code: 'industry', nameZh: 'x', nameEn: 'x' }],
      ['DELETE', `/api/sysDictType/${industry?.id}`],
      ['GET', `/api/sysDictType/${industry?.id}/values`],
      ['POST', '/api/sysDictData/add', { typeId: industry?.id, code: 'x', nameZh: 'x', nameEn: 'x' }],
      ['PUT', '/api/sysDictData/1', { typeId: industry?.id, code: 'x', nameZh: 'x', nameEn: 'x' }],
      ['DELETE', '/api/sysDictData/1'],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(token, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
    }
    // The tree every signed-in client reads is untouched and still open to them.
    expect((await tree(token)).find((node) => node.code === 'industry')?.children).toHaveLength(15);
  });

  it('creates, edits and deletes types and values; the tree follows; all audited', async () => {
    expect(await types()).toEqual([
      {
        id: expect.any(Number),
        code: 'industry',
        nameZh: '行业',
        nameEn: 'Industry',
        sort: 1,
        valueCount: 15,
      },
    ]);
    const type = await call<DictTypeRow>(admin, 'POST', '/api/sysDictType/add', {
      code: 'server_family',
      nameZh: '服务器系列',
      nameEn: 'Server family',
      sort: 2,
    });
    expect(type.body.data).toMatchObject({ code: 'server_family', valueCount: 0 });
    const typeId = type.body.data.id;
    const value = await call<DictValueRow>(admin, 'POST', '/api/sysDictData/add', {
      typeId,
      code: 'rack',
      nameZh: '机架式',
      nameEn: 'Rack',
    });
    expect(value.body.data).toMatchObject({ typeId, code: 'rack', sort: 100 });
    await call(admin, 'POST', '/api/sysDictData/add', {
      typeId,
      code: 'blade',
      nameZh: '刀片式',
      nameEn: 'Blade',
      sort: 1,
    });
    const values = await call<DictValueRow[]>(admin, 'GET', `/api/sysDictType/${typeId}/values`);
    expect(values.body.data.map((row) => row.code)).toEqual(['blade', 'rack']);

    const edited = await call<DictValueRow>(admin, 'PUT', `/api/sysDictData/${value.body.data.id}`, {
      typeId: 999,
      code: 'rack_mount',
      nameZh: '机架式',
      nameEn: 'Rack mount',
      sort: 2,
    });
    expect(edited.body.data).toMatchObject({ typeId, code: 'rack_mount', nameEn: 'Rack mount' });
    const renamed = await call<DictTypeRow>(admin, 'PUT', `/api/sysDictType/${typeId}`, {
      code: 'families',
      nameZh: '系列',
      nameEn: 'Families',
      sort: 2,
    });
    expect(renamed.body.data).toMatchObject({ code: 'families', valueCount: 2 });

    const customer = (await signedInUser(t)).token;
    const node = (await tree(customer)).find((entry) => entry.code === 'families');
    expect(node?.children.map((child) => [child.code, child.name])).toEqual([
      ['blade', 'Blade'],
      ['rack_mount', 'Rack mount'],
    ]);

    const refused = await call(admin, 'DELETE', `/api/sysDictType/${typeId}`, undefined, 'zh-CN');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      ErrorCode.DICT_TYPE_HAS_VALUES,
      '字典 families 下还有 2 个字典值，请先删除字典值',
    ]);
    for (const row of (await call<DictValueRow[]>(admin, 'GET', `/api/sysDictType/${typeId}/values`)).body
      .data)
      expect((await call(admin, 'DELETE', `/api/sysDictData/${row.id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/sysDictType/${typeId}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/sysDictType/${typeId}`)).body.code).toBe(
      ErrorCode.DICT_NOT_FOUND,
    );
    expect((await tree(customer)).map((entry) => entry.code)).toEqual(['industry']);

    const audit = (await call<Page<AuditEntry>>(admin, 'GET', '/api/sysAudit/page?q=dict.&pageSize=50')).body
      .data.rows;
    expect(audit.map((row) => row.action).sort()).toEqual([
      'dict.type.create',
      'dict.type.delete',
      'dict.type.update',
      'dict.value.create',
      'dict.value.create',
      'dict.value.delete',
      'dict.value.delete',
      'dict.value.update',
    ]);
  });

  it('refuses duplicate codes, bad codes, bad input and renaming a dictionary the portal uses', async () => {
    const industry = (await types())[0];
    if (!industry) throw new Error('no industry dictionary');
    const dupType = await call<Fields>(admin, 'POST', '/api/sysDictType/add', {
      code: 'industry',
      nameZh: '行业',
      nameEn: 'Industry',
    });
    expect([dupType.status, dupType.body.code, dupType.body.message]).toEqual([
      409,
      ErrorCode.DICT_CODE_EXISTS,
      'Code industry already exists',
    ]);
    expect(dupType.body.data).toEqual([{ field: 'code', message: 'is already used' }]);
    const dupValue = await call(admin, 'POST', '/api/sysDictData/add', {
      typeId: industry.id,
      code: 'finance',
      nameZh: '金融',
      nameEn: 'Finance',
    });
    expect(dupValue.body.code).toBe(ErrorCode.DICT_CODE_EXISTS);
    // The same value code under another type is fine.
    const other = await call<DictTypeRow>(admin, 'POST', '/api/sysDictType/add', {
      code: 'sector',
      nameZh: '部门',
      nameEn: 'Sector',
    });
    const sameCode = await call(admin, 'POST', '/api/sysDictData/add', {
      typeId: other.body.data.id,
      code: 'finance',
      nameZh: '金融',
      nameEn: 'Finance',
    });
    expect(sameCode.status).toBe(200);

    const badCode = await call<Fields>(admin, 'POST', '/api/sysDictType/add', {
      code: 'a b',
      nameZh: 'x',
      nameEn: 'x',
    });
    expect([badCode.body.code, badCode.body.data[0]?.field]).toEqual([ErrorCode.PARAM_ERROR, 'code']);
    const shape = await call<Fields>(admin, 'POST', '/api/sysDictData/add', { typeId: 'x', code: '' });
    expect([shape.status, shape.body.code]).toEqual([400, ErrorCode.PARAM_ERROR]);
    expect(shape.body.data.map((field) => field.field).sort()).toEqual([
      'code',
      'nameEn',
      'nameZh',
      'typeId',
    ]);
    const noType = await call(admin, 'POST', '/api/sysDictData/add', {
      typeId: 999999,
      code: 'x',
      nameZh: 'x',
      nameEn: 'x',
    });
    expect([noType.status, noType.body.code]).toEqual([404, ErrorCode.DICT_NOT_FOUND]);

    const rename = await call<Fields>(
      admin,
      'PUT',
      `/api/sysDictType/${industry.id}`,
      {
        code: 'industries',
        nameZh: '行业',
        nameEn: 'Industry',
      },
      'zh-CN',
    );
    expect(rename.body.code).toBe(ErrorCode.PARAM_ERROR);
    expect(rename.body.data).toEqual([{ field: 'code', message: '不能修改：门户按此编码查找该字典' }]);
    // Its names may change.
    expect(
      (
        await call(admin, 'PUT', `/api/sysDictType/${industry.id}`, {
          code: 'industry',
          nameZh: '所属行业',
          nameEn: 'Sector of activity',
        })
      ).status,
    ).toBe(200);
  });
});
