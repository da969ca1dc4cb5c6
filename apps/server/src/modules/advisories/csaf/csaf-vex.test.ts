import { beforeAll, describe, expect, it } from 'vitest';
import { buildCsafDocument, type CsafDocumentInput } from './csaf-document';
import type { CsafRow } from './csaf-product-tree';
import { sampleInput, sampleSnapshot } from './csaf-test-fixture';
import { adviseCsaf, validateCsaf } from './csaf-validate';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The sample advisory's R5300 G5 BMC row (3.10.00 up to the fix 3.14.02), affected. */
const r5300Bmc: CsafRow = { ...sampleSnapshot().affected[0]!, status: 'known_affected' };
const r5500Bmc: CsafRow = {
  modelId: 4,
  pn: null,
  productName: 'R5500 G5',
  kind: 'BMC',
  affectedFrom: null,
  fixedIn: null,
  status: 'known_not_affected',
  justification: 'vulnerable_code_not_in_execute_path',
  impactZh: 'R5500 G5 的 BMC 不启用受影响的 Web 模块。',
  impactEn: 'The R5500 G5 BMC never loads the affected web module.',
};
const r5500Bios: CsafRow = { ...r5500Bmc, kind: 'BIOS', status: 'under_investigation', justification: null };
const nic: CsafRow = {
  modelId: null,
  pn: 'PN-NIC-X710',
  productName: 'PN-NIC-X710',
  kind: 'NIC',
  affectedFrom: '1.1',
  fixedIn: null,
  status: 'fixed',
};

function inputWith(rows: CsafRow[], locale: 'en-US' | 'zh-CN' = 'en-US'): CsafDocumentInput {
  const input = sampleInput(locale);
  return { ...input, snapshot: { ...input.snapshot, affected: rows, fixedVersions: [] } };
}
const idsOf = (doc: Json, productName: string): string[] => {
  const found: string[] = [];
  const walk = (branches: Json[] = [], inside: boolean) =>
    branches.forEach((branch) => {
      const here = inside || (branch.category === 'product_name' && branch.name === productName);
      if (here && branch.product) found.push(branch.product.product_id);
      walk(branch.branches, here);
    });
  walk(doc.product_tree.branches, false);
  return found;
};

describe('VEX statuses in the CSAF product_status (issue 43 §2)', () => {
  // Loading every test of the library takes seconds on a loaded machine.
  beforeAll(() => Promise.all([validateCsaf({}), adviseCsaf({})]), 180_000);

  it('gives each product the status staff recorded, with the flag and impact statement of the not affected', async () => {
    const doc: Json = buildCsafDocument(inputWith([r5300Bmc, r5500Bmc, r5500Bios, nic]));
    const [vulnerability] = doc.vulnerabilities;
    expect(doc.document.category).toBe('csaf_security_advisory');
    expect(vulnerability.product_status).toEqual({
      known_affected: ['CSAFPID-0001', 'CSAFPID-0002'],
      fixed: [...idsOf(doc, 'R5300 G5 BMC').slice(2), ...idsOf(doc, 'PN-NIC-X710 NIC')],
      known_not_affected: idsOf(doc, 'R5500 G5 BMC'),
      under_investigation: idsOf(doc, 'R5500 G5 BIOS'),
    });
    // Every R5500 G5 BMC version the catalogue knows is named, so scanners match each one.
    expect(idsOf(doc, 'R5500 G5 BMC')).toHaveLength(2);
    expect(vulnerability.flags).toEqual([
      { label: 'vulnerable_code_not_in_execute_path', product_ids: idsOf(doc, 'R5500 G5 BMC') },
    ]);
    expect(vulnerability.threats).toEqual([
      {
        category: 'impact',
        details: 'The R5500 G5 BMC never loads the affected web module.',
        product_ids: idsOf(doc, 'R5500 G5 BMC'),
      },
    ]);
    // The fix and the scores concern the affected products only.
    expect(vulnerability.scores[0].products).toEqual(['CSAFPID-0001', 'CSAFPID-0002']);
    expect(vulnerability.remediations.map((r: Json) => [r.category, r.product_ids])).toEqual([
      ['vendor_fix', ['CSAFPID-0001', 'CSAFPID-0002']],
      ['workaround', ['CSAFPID-0001', 'CSAFPID-0002']],
      ['none_available', idsOf(doc, 'R5500 G5 BIOS')],
    ]);
    // 1.0 is older than the fixed range: the card's row names 1.1 and later only.
    const nicVersions = doc.product_tree.branches[0].branches[1].branches[0].branches.map(
      (b: Json) => b.name,
    );
    expect(nicVersions).toEqual(['1.1', '1.2|rc']);
    expect(await validateCsaf(doc)).toEqual({ valid: true, errors: [] });
    expect((await adviseCsaf(doc)).warnings).toEqual([]);
  });

  it('writes the impact statement in the document language', () => {
    const zh: Json = buildCsafDocument(inputWith([r5300Bmc, r5500Bmc], 'zh-CN'));
    expect(zh.vulnerabilities[0].threats[0].details).toBe('R5500 G5 的 BMC 不启用受影响的 Web 模块。');
  });

  it('publishes a csaf_vex document when no product is affected, valid under the VEX profile tests', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const doc: Json = buildCsafDocument(
        inputWith([r5500Bmc, { ...r5500Bmc, modelId: 3, productName: 'R5300 G5' }], locale),
      );
      expect(doc.document.category).toBe('csaf_vex');
      expect(doc.vulnerabilities[0]).not.toHaveProperty('scores');
      expect(doc.vulnerabilities[0]).not.toHaveProperty('remediations');
      expect(Object.keys(doc.vulnerabilities[0].product_status)).toEqual(['known_not_affected']);
      expect(await validateCsaf(doc)).toEqual({ valid: true, errors: [] });
      expect(await adviseCsaf(doc)).toEqual({
        warnings: [],
        infos: ['informativeTest_6_3_4: missing cwe at /vulnerabilities/1'],
      });
    }
  });

  it('is refused by the VEX profile test 6.1.27.9 when a not-affected product has neither flag nor impact', async () => {
    const doc: Json = buildCsafDocument(
      inputWith([{ ...r5500Bmc, justification: null, impactEn: '', impactZh: '' }]),
    );
    expect(doc.document.category).toBe('csaf_vex');
    const result = await validateCsaf(doc);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.message).join('\n')).toContain('mandatoryTest_6_1_27_9');
  });

  it('writes a range no known version falls in as vers, with its status', () => {
    const input = inputWith([{ ...r5500Bios, modelId: 9, productName: 'R9000' }]);
    const doc: Json = buildCsafDocument(input);
    const leaf = doc.product_tree.branches[0].branches[0].branches[0].branches[0];
    expect(leaf).toMatchObject({ category: 'product_version_range', name: 'vers:generic/*' });
    expect(doc.vulnerabilities[0].product_status).toEqual({ under_investigation: [leaf.product.product_id] });
  });
});
