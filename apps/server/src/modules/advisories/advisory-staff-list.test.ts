import type { AdvisoryInput, StaffAdvisoryDetail, StaffAdvisoryRow } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryRoles, approvedAdvisory, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { referenceModel } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { DAY_MS } from '../../lib/clock';

/**
 * Issue 42 §2: the staff list tells when an advisory was first published, so that a "publish at"
 * already past (approval came later) is not shown beside it as if it were the publication.
 */
describe.each(DRIVERS)('the staff list of advisories on %s', (driver) => {
  let t: TestApp;
  let writer: string;
  let approver: string;
  let modelId: number;

  const input = (publishAt: Date | null): AdvisoryInput =>
    flawAdvisoryInput(
      { title: ['列表', 'Listed'], cve: 'CVE-2026-42001', affected: bmcBefore(modelId) },
      { publishAt: publishAt?.toISOString() ?? null },
    );
  const staff = <T = StaffAdvisoryDetail>(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ) => callAs<T>(t.app, token, method, `/api/staff/advisories${url}`, body);
  const approved = (publishAt: Date | null) => approvedAdvisory(t, writer, approver, input(publishAt));
  const rowOf = async (id: number) =>
    (await staff<{ rows: StaffAdvisoryRow[] }>(writer, 'GET', '?pageSize=100')).body.data.rows.find(
      (row) => row.id === id,
    );

  beforeAll(async () => {
    t = await createTestApp(driver);
    const roles = await advisoryRoles(t, 'list');
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    writer = (await signedInWith(t, roles.writer)).token;
    approver = (await signedInWith(t, roles.approver)).token;
  });
  afterAll(() => t?.close());

  // The first approval of a process loads the CSAF validator: slow on a busy machine.
  it(
    'names the first publication: the approval when "publish at" had passed, the embargo end once it came',
    { timeout: 120_000 },
    async () => {
      const late = await approved(new Date(t.clock.now().getTime() - 30 * DAY_MS));
      const approvedAt = t.clock.now().toISOString();
      expect((await rowOf(late.id))?.firstPublished).toBe(approvedAt);

      const embargoEnd = new Date(t.clock.now().getTime() + 2 * DAY_MS);
      const embargoed = await approved(embargoEnd);
      expect(await rowOf(embargoed.id)).toMatchObject({
        firstPublished: null,
        publishAt: embargoEnd.toISOString(),
      });
      t.clock.advance(3 * DAY_MS);
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
