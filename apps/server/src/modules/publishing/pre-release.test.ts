import { ErrorCode, type PublishItem, type PublishVersion } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { archives, itemInput, uploadVersion, versionMeta } from './publishing-test-kit';

describe.each(DRIVERS)('pre-release versions on %s', (driver) => {
  let t: TestApp;
  afterEach(() => t.close());

  async function setUp() {
    t = await createTestApp(driver);
    const user = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, user.account, user.password);
    const item = (
      await withToken<PublishItem>(t.app, staff, {
        method: 'POST',
        url: '/api/publishing/items',
        payload: itemInput(),
      })
    ).body.data;
    const upload = async (version: string, preRelease?: boolean) => {
      const answer = await uploadVersion(
        t,
        staff,
        item.id,
        { filename: `bmc-${version}.tar.gz`, content: archives.tarGz(version) },
        versionMeta({ version, ...(preRelease === undefined ? {} : { preRelease }) }),
      );
      expect(answer.status, version).toBe(200);
      return answer.body.data as PublishVersion;
    };
    return { staff, upload };
  }

  it('marks a SemVer pre-release as one on upload, unless staff say otherwise', async () => {
    const { upload } = await setUp();
    expect((await upload('4.0.0-rc1')).preRelease).toBe(true);
    expect((await upload('4.1.2')).preRelease).toBe(false);
    expect((await upload('5.0-beta')).preRelease).toBe(false); // not SemVer: staff decide
    expect((await upload('5.1.0-ea', false)).preRelease).toBe(false);
    expect((await upload('5.2', true)).preRelease).toBe(true);
  });

  it('lets staff change the mark (audited) and refuses customers', async () => {
    const { staff, upload } = await setUp();
    const version = await upload('4.1.2');
    const changed = await withToken<PublishVersion>(t.app, staff, {
      method: 'PUT',
      url: `/api/publishing/versions/${version.id}/pre-release`,
      payload: { preRelease: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.preRelease).toBe(true);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.preRelease'), eq(auditLog.targetId, String(version.id))));
    expect(entries).toHaveLength(1);

    const customer = await createUser(t.db);
    const refused = await withToken(t.app, await tokenFor(t.app, customer.account, customer.password), {
      method: 'PUT',
      url: `/api/publishing/versions/${version.id}/pre-release`,
      payload: { preRelease: false },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);

    const unknown = await withToken(t.app, staff, {
      method: 'PUT',
      url: '/api/publishing/versions/999999/pre-release',
      payload: { preRelease: false },
    });
    expect(unknown.status).toBe(404);
  });
});
