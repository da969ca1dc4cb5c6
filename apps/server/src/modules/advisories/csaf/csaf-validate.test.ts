import { beforeAll, describe, expect, it } from 'vitest';
import { buildCsafDocument } from './csaf-document';
import { sampleInput } from './csaf-test-fixture';
import { adviseCsaf, validateCsaf } from './csaf-validate';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const build = (locale: 'en-US' | 'zh-CN'): Json => buildCsafDocument(sampleInput(locale));

describe('validateCsaf', () => {
  // The first run compiles the schema and loads the CWE lists: seconds on a loaded machine.
  beforeAll(() => validateCsaf({}), 180_000);

  it.each(['en-US', 'zh-CN'] as const)(
    'finds the %s document of a realistic advisory valid, quickly',
    async (locale) => {
      const doc = build(locale);
      const started = performance.now();
      const result = await validateCsaf(doc);
      const elapsed = performance.now() - started;
      expect(result).toEqual({ valid: true, errors: [] });
      // It runs inside the approval request: measured at 1-3 ms (about 20 ms the first time).
      expect(elapsed).toBeLessThan(500);
    },
  );

  it('still finds an advisory with one revision, no fixed versions and nothing optional valid', async () => {
    const input = sampleInput('en-US');
    input.history = input.history.slice(0, 1);
    input.revision = 1;
    input.currentReleaseDate = input.initialReleaseDate;
    Object.assign(input.snapshot, { fixedVersions: [], references: [], acknowledgments: [] });
    Object.assign(input.snapshot, { workaroundsEn: '', workaroundsZh: '' });
    expect(await validateCsaf(buildCsafDocument(input))).toEqual({ valid: true, errors: [] });
  });

  it('reports a product id that the product tree does not define (6.1.1)', async () => {
    const doc = build('en-US');
    doc.vulnerabilities[0].product_status.known_affected.push('CSAFPID-9999');
    const result = await validateCsaf(doc);
    expect(result.valid).toBe(false);
    expect(result.errors).toContainEqual({
      instancePath: '/vulnerabilities/0/product_status/known_affected/6',
      message: expect.stringContaining('mandatoryTest_6_1_1'),
    });
  });

  it('reports a revision history out of date order (6.1.14)', async () => {
    const doc = build('en-US');
    doc.document.tracking.revision_history[0].date = '2026-04-01T00:00:00.000Z';
    const result = await validateCsaf(doc);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.message).join('\n')).toContain('mandatoryTest_6_1_14');
  });

  it('reports a version that is not the last revision (6.1.16)', async () => {
    const doc = build('en-US');
    doc.document.tracking.version = '2';
    const result = await validateCsaf(doc);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.message).join('\n')).toContain('mandatoryTest_6_1_16');
  });

  it('reports a missing revision (6.1.21), a wrong base score (6.1.9) and a wrong CWE name (6.1.11)', async () => {
    const doc = build('en-US');
    doc.document.tracking.revision_history.splice(1, 1);
    doc.vulnerabilities[0].scores[0].cvss_v3.baseScore = 9.1;
    doc.vulnerabilities[0].cwe.name = 'Buffer overflow';
    const messages = (await validateCsaf(doc)).errors.map((e) => e.message).join('\n');
    for (const test of ['mandatoryTest_6_1_21', 'mandatoryTest_6_1_9', 'mandatoryTest_6_1_11']) {
      expect(messages).toContain(test);
    }
  });

  it('reports a translation without its source language (6.1.15) and a date without a time zone', async () => {
    const doc = build('zh-CN');
    delete doc.document.source_lang;
    doc.document.tracking.current_release_date = '2026-03-20 09:00:00';
    const result = await validateCsaf(doc);
    expect(result.valid).toBe(false);
    const messages = result.errors.map((e) => `${e.instancePath} ${e.message}`).join('\n');
    expect(messages).toContain('mandatoryTest_6_1_15');
    expect(messages).toContain('/document/tracking/current_release_date');
  });

  it('reports a range written as a product version (6.1.31) and properties the schema does not know', async () => {
    const doc = build('en-US');
    doc.product_tree.branches[0].branches[0].branches[0].branches[1].name = '< 3.14.02';
    doc.document.extra = true;
    const messages = (await validateCsaf(doc)).errors.map((e) => e.message).join('\n');
    expect(messages).toContain('mandatoryTest_6_1_31');
    expect(messages).toContain('csaf_2_0_strict');
  });
});

describe('adviseCsaf: the optional and informative tests (issue 43 §2)', () => {
  // Loading every test of the library takes seconds on a loaded machine.
  beforeAll(() => adviseCsaf({}), 180_000);

  it.each(['en-US', 'zh-CN'] as const)(
    'finds nothing to warn about in the %s document; only the CVE without a CWE is noted',
    async (locale) => {
      expect(await adviseCsaf(build(locale))).toEqual({
        warnings: [],
        infos: ['informativeTest_6_3_4: missing cwe at /vulnerabilities/1'],
      });
    },
  );

  it('notes a range the catalogue knows no version of (6.3.9, 6.3.10), and warns of what the portal avoids', async () => {
    const input = sampleInput('en-US');
    input.catalogue = { families: {}, versions: {} };
    const doc: Json = buildCsafDocument(input);
    const { warnings, infos } = await adviseCsaf(doc);
    expect(warnings).toEqual([]);
    // R5500 G5 BMC and BIOS: every version below the fix, none known; the others start at a version.
    expect(infos.filter((info) => info.startsWith('informativeTest_6_3_10'))).toHaveLength(2);
    expect(infos.filter((info) => info.startsWith('informativeTest_6_3_9'))).toHaveLength(2);

    doc.document.references.shift();
    delete doc.product_tree.branches[0].branches[0].branches[0].branches[0].product
      .product_identification_helper;
    doc.document = { tracking: doc.document.tracking, ...doc.document };
    const broken = await adviseCsaf(doc);
    const tests = broken.warnings.map((warning) => warning.split(':')[0]);
    expect(tests).toContain('optionalTest_6_2_11');
    expect(tests).toContain('optionalTest_6_2_13');
    expect(tests).toContain('optionalTest_6_2_16');
  });
});
