import type { AdvisoryInput, StaffAdvisoryDetail, StaffAdvisoryRow } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceModel } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { callAs, tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;

/**
 * Issue 42 §2: the staff list tells when an advisory was first published, so that a "publish at"
 * already past (approval came later) is not shown beside it as if it were the publication.
 */
describe.each(DRIVERS)('the staff list of advisories on %s', (driver) => {
  let t: TestApp;
  let writer: string;
  let approver: string;
  let modelId: number;

  const input = (publishAt: Date | null): AdvisoryInput => ({
    tlp: 'WHITE',
    titleZh: '列表',
    titleEn: 'Listed',
    summaryZh: '摘要',
    summaryEn: 'Summary',
    workaroundsZh: '',
    workaroundsEn: '',
    vulnerabilities: [
      {
        cve: 'CVE-2026-42001',
        cweId: null,
        cweName: '',
        cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        cvss40Vector: null,
        descriptionZh: '',
        descriptionEn: '',
      },
    ],
    affected: [{ modelId, pn: null, kind: 'BMC', affectedFrom: null, fixedIn: '9.0.0' }],
    fixedVersionIds: [],
    references: [],
    acknowledgments: [],
    publishAt: publishAt?.toISOString() ?? null,
    revisionSummary: '',
  });
  const staff = <T = StaffAdvisoryDetail>(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ) => callAs<T>(t.app, token, method, `/api/staff/advisories${url}`, body);
  const approved = async (publishAt: Date | null) => {
    const created = await staff(writer, 'POST', '', input(publishAt));
    await staff(writer, 'POST', `/${created.body.data.id}/submit`);
    return (await staff(approver, 'POST', `/${created.body.data.id}/approve`)).body.data;
  };
  const rowOf = async (id: number) =>
    (await staff<{ rows: StaffAdvisoryRow[] }>(writer, 'GET', '?pageSize=100')).body.data.rows.find(
      (row) => row.id === id,
    );

  beforeAll(async () => {
    t = await createTestApp(driver);
    await createRole(t.db, 'list-writer', ['advisory:write']);
    await createRole(t.db, 'list-approver', ['advisory:write', 'advisory:approve']);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const made = async (role: string) => {
      const user = await createUser(t.db, { roleCodes: [role] });
      return tokenFor(t.app, user.account, user.password);
    };
    writer = await made('list-writer');
    approver = await made('list-approver');
  });
  afterAll(() => t?.close());

  // The first approval of a process loads the CSAF validator: slow on a busy machine.
  it(
    'names the first publication: the approval when "publish at" had passed, the embargo end once it came',
    { timeout: 120_000 },
    async () => {
      const late = await approved(new Date(t.clock.now().getTime() - 30 * DAY));
      const approvedAt = t.clock.now().toISOString();
      expect((await rowOf(late.id))?.firstPublished).toBe(approvedAt);

      const embargoEnd = new Date(t.clock.now().getTime() + 2 * DAY);
      const embargoed = await approved(embargoEnd);
      expect(await rowOf(embargoed.id)).toMatchObject({
        firstPublished: null,
        publishAt: embargoEnd.toISOString(),
      });
      t.clock.advance(3 * DAY);
      expect((await rowOf(embargoed.id))?.firstPublished).toBe(embargoEnd.toISOString());
    },
  );

  it("says nothing is published for a draft, and names no author for the seed's advisories", async () => {
    const created = await staff(writer, 'POST', '', input(null));
    expect(await rowOf(created.body.data.id)).toMatchObject({ firstPublished: null, revision: 0 });
    const seeded = await t.app.services.advisoryAuthoring.create(null, input(null));
    expect((await rowOf(seeded.id))?.authorName).toBe('');
  });
});
