import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSbom } from '../../modules/sbom/sbom-check';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { demoCatalogItems } from './catalog-seed-data';
import { demoSbom, SBOM_KINDS } from './demo-sboms';

describe('the demo catalogue SBOMs', () => {
  it('pass the checks an upload passes (CycloneDX 1.6 schema, TR-03183-2 essentials, the file SHA-512)', async () => {
    let checkedCount = 0;
    for (const item of demoCatalogItems(new Date('2026-11-01T00:00:00Z'))) {
      if (!SBOM_KINDS.has(item.kind)) continue;
      for (const [index, version] of item.versions.entries()) {
        const sha512 = createHash('sha512').update(`${item.code}@${version.version}`).digest('hex');
        const bytes = Buffer.from(
          JSON.stringify(demoSbom(item, version, index, { fileName: 'f.tar.gz', sha512 })),
        );
        const checked = await checkSbom(bytes, sha512);
        expect(checked, `${item.code}@${version.version}`).toMatchObject({
          accepted: true,
          sha512Filled: false,
        });
        checkedCount += 1;
      }
    }
    expect(checkedCount).toBeGreaterThan(20);
  });
});

describe.each(DRIVERS)('the seeded demo SBOMs on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { catalog: true });
  }, 120_000);
  afterAll(() => t.close());

  it('answer "which versions contain openssl < 3.0.8" with the older BMC and BIOS releases only', async () => {
    const { rows } = await t.app.services.sboms.findVersionsContaining({
      purl: 'pkg:generic/openssl',
      range: { lt: '3.0.8' },
    });
    const found = rows.map((row) => `${row.itemCode}@${row.version}:${row.component.version}`).sort();
    expect(found).toContain('m6-bmc@3.0.1:1.1.1w');
    expect(found).toContain('m7-bmc@4.0.1:3.0.7');
    expect(found).not.toContain('m7-bmc@4.1.2:3.0.13');
    expect(
      rows.every((row) => row.component.version === '3.0.7' || row.component.version.startsWith('1.1.1')),
    ).toBe(true);
    // The newest BMC releases carry 3.0.13, the early-access build (restricted, published) 3.2.1.
    const newer = await t.app.services.sboms.findVersionsContaining({
      cpe: 'openssl:openssl',
      range: { gte: '3.0.13' },
    });
    expect(newer.rows.map((row) => `${row.itemCode}@${row.version}`)).toEqual(
      expect.arrayContaining(['m7-bmc@4.1.2', 'a7-bmc@5.1.2', 'm7-bmc-early-access@4.0.0-rc1']),
    );
    const kernels = await t.app.services.sboms.findVersionsContaining({
      name: 'linux-kernel',
      range: { lt: '6' },
    });
    expect(kernels.rows.length).toBeGreaterThan(0);
  });
});
