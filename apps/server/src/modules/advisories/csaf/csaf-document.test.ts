import { describe, expect, it } from 'vitest';
import { buildCsafDocument, csafTrackingIdOf, csafTranslationFileNameOf } from './csaf-document';
import { versRange } from './csaf-product-tree';
import { sampleInput } from './csaf-test-fixture';

// The documents are plain JSON; tests read them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const build = (locale: 'en-US' | 'zh-CN'): Json => buildCsafDocument(sampleInput(locale));

/** Every product id the product tree defines, in tree order. */
function definedIds(doc: Json): string[] {
  const ids: string[] = [];
  const walk = (branches: Json[] = []) =>
    branches.forEach((branch) => {
      if (branch.product) ids.push(branch.product.product_id);
      walk(branch.branches);
    });
  walk(doc.product_tree.branches);
  return ids;
}

describe('buildCsafDocument (en-US, the original)', () => {
  const doc = build('en-US');

  it('is a final csaf_security_advisory of the vendor with integer versioning', () => {
    expect(doc.document).toMatchObject({
      category: 'csaf_security_advisory',
      csaf_version: '2.0',
      lang: 'en-US',
      distribution: { tlp: { label: 'WHITE', url: 'https://www.first.org/tlp/' } },
      publisher: { category: 'vendor', name: 'Example Servers', namespace: 'https://portal.example.com' },
      title: 'Multiple vulnerabilities in BMC firmware',
    });
    expect(doc.document).not.toHaveProperty('source_lang');
    expect(doc.document.tracking).toMatchObject({ id: 'PFW-2026-0007', status: 'final', version: '3' });
    expect(doc.document.tracking.revision_history.map((r: Json) => r.number)).toEqual(['1', '2', '3']);
  });

  it('writes every date in RFC 3339 with a time zone', () => {
    const { tracking } = doc.document;
    expect(tracking.revision_history[1].date).toBe('2026-03-05T02:30:00.000Z');
    for (const date of [tracking.initial_release_date, tracking.current_release_date]) {
      expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('links itself and the page as self, then the snapshot references as external', () => {
    expect(doc.document.references).toEqual([
      { category: 'self', summary: expect.any(String), url: sampleInput('en-US').selfUrl },
      { category: 'self', summary: expect.any(String), url: sampleInput('en-US').pageUrl },
      { category: 'external', summary: 'CVE record', url: 'https://www.cve.org/CVERecord?id=CVE-2026-10001' },
      { category: 'external', summary: 'Researcher write-up', url: 'https://example.com/research/bmc' },
    ]);
    expect(doc.document.acknowledgments).toEqual([
      { names: ['Li Lei'], organization: 'Example Security Lab' },
      { names: ['Jane Doe'] },
    ]);
    expect(doc.document.notes.map((n: Json) => n.category)).toEqual(['summary', 'legal_disclaimer']);
  });

  it('follows vendor -> product family -> product -> version, each version with CPE, purl and model number', () => {
    const vendor = doc.product_tree.branches[0];
    expect(vendor).toMatchObject({ category: 'vendor', name: 'Example Servers' });
    expect(vendor.branches.map((b: Json) => [b.category, b.name])).toEqual([
      ['product_family', 'G5'],
      ['product_family', 'PCIe'],
      ['product_family', 'Firmware packages'],
    ]);
    const r5300 = vendor.branches[0].branches[0];
    expect(r5300).toMatchObject({ category: 'product_name', name: 'R5300 G5 BMC' });
    // The catalogue's versions from 3.10.00 up: 3.08.00 is older than the range and not named.
    expect(r5300.branches.map((b: Json) => [b.category, b.name])).toEqual([
      ['product_version', '3.10.00'],
      ['product_version', '3.12.01'],
      ['product_version', '3.14.02'],
      ['product_version', '3.15.00'],
    ]);
    expect(r5300.branches[0].product).toEqual({
      name: 'Example Servers R5300 G5 BMC 3.10.00',
      product_id: 'CSAFPID-0001',
      product_identification_helper: {
        cpe: 'cpe:2.3:o:example_servers:r5300_g5_bmc_firmware:3.10.00:*:*:*:*:*:*:*',
        model_numbers: ['R5300 G5'],
        purl: 'pkg:generic/example-servers/r5300-g5-bmc-firmware@3.10.00',
      },
    });
    expect(vendor.branches[0].branches.map((b: Json) => b.name)).toEqual([
      'R5300 G5 BMC',
      'R5500 G5 BMC',
      'R5500 G5 BIOS',
    ]);
    // Grammar characters of a version escaped in the CPE, percent-encoded in the purl.
    const bios = vendor.branches[0].branches[2].branches;
    expect(bios.map((b: Json) => b.name)).toEqual(['05.01 (P1)', '05.02 (P2)']);
    expect(bios[1].product.product_identification_helper).toMatchObject({
      cpe: 'cpe:2.3:o:example_servers:r5500_g5_bios_firmware:05.02_\\(p2\\):*:*:*:*:*:*:*',
      purl: 'pkg:generic/example-servers/r5500-g5-bios-firmware@05.02%20(P2)',
    });
    const nic = vendor.branches[1].branches[0];
    expect(nic.name).toBe('PN-NIC-X710 NIC');
    expect(nic.branches.map((b: Json) => b.name)).toEqual(['1.0', '1.1', '1.2|rc']);
    expect(nic.branches[0].product.product_identification_helper.model_numbers).toEqual(['PN-NIC-X710']);
    const packages = vendor.branches[2].branches;
    expect(packages.map((b: Json) => b.name)).toEqual(['R5300 G5 BMC firmware', 'R5500 G5 BMC firmware']);
    expect(packages[0].branches[0].product.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:o:example_servers:fw-bmc-r5300g5:3.14.02:*:*:*:*:*:*:*',
      purl: 'pkg:generic/example-servers/FW-BMC-R5300G5@3.14.02',
      skus: ['FW-BMC-R5300G5'],
    });
    const ids = definedIds(doc);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('CSAFPID-0001');
  });

  it('keeps a range no known version falls in as a vers product_version_range', () => {
    const input = sampleInput('en-US');
    input.catalogue = { families: {}, versions: {} };
    const bare: Json = buildCsafDocument(input);
    const products = bare.product_tree.branches[0].branches;
    const r5500 = products.find((b: Json) => b.name === 'R5500 G5').branches[0];
    expect(r5500.branches.map((b: Json) => [b.category, b.name])).toEqual([
      ['product_version_range', 'vers:generic/<3.14.02'],
      ['product_version', '3.14.02'],
    ]);
    expect(r5500.branches[0].product.product_identification_helper).toEqual({ model_numbers: ['R5500 G5'] });
  });

  it("sorts every object's keys alphabetically (optional test 6.2.13)", () => {
    const collator = new Intl.Collator();
    const unsorted: string[] = [];
    const walk = (value: Json, path: string) => {
      if (Array.isArray(value)) return value.forEach((inner, i) => walk(inner, `${path}/${i}`));
      if (typeof value !== 'object' || value === null) return;
      const keys = Object.keys(value);
      if (keys.join() !== [...keys].sort(collator.compare).join()) unsorted.push(path);
      for (const key of keys) walk(value[key], `${path}/${key}`);
    };
    walk(doc, '');
    expect(unsorted).toEqual([]);
    expect(Object.keys(doc)).toEqual(['document', 'product_tree', 'vulnerabilities']);
  });

  it('gives each vulnerability its CVE, CWE (only when set), description, v3.1 score, status and remediations', () => {
    const [first, second] = doc.vulnerabilities;
    // Each known version of a range is affected; the fix and the later versions are fixed.
    const affected = [
      'CSAFPID-0001',
      'CSAFPID-0002',
      'CSAFPID-0005',
      'CSAFPID-0007',
      'CSAFPID-0009',
      'CSAFPID-0010',
    ];
    const fixed = [
      'CSAFPID-0003',
      'CSAFPID-0004',
      'CSAFPID-0006',
      'CSAFPID-0008',
      'CSAFPID-0011',
      'CSAFPID-0012',
      'CSAFPID-0013',
    ];
    expect(first).toMatchObject({
      cve: 'CVE-2026-10001',
      cwe: { id: 'CWE-787', name: 'Out-of-bounds Write' },
      product_status: { known_affected: affected, fixed },
      scores: [
        {
          products: affected,
          cvss_v3: {
            version: '3.1',
            vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
            baseScore: 9.8,
            baseSeverity: 'CRITICAL',
          },
        },
      ],
    });
    expect(first.notes[0]).toMatchObject({
      category: 'description',
      text: expect.stringContaining('out-of-bounds'),
    });
    expect(first.notes[1]).toMatchObject({ category: 'other', text: expect.stringContaining('9.3') });
    expect(first.remediations).toEqual([
      {
        category: 'vendor_fix',
        details: expect.any(String),
        url: sampleInput('en-US').pageUrl,
        product_ids: affected,
      },
      {
        category: 'workaround',
        details: expect.stringContaining('management network'),
        product_ids: affected,
      },
    ]);
    expect(second).not.toHaveProperty('cwe');
    expect(second.notes).toHaveLength(1);
  });

  it('leaves out the workaround and the fixed status when there are none', () => {
    const input = sampleInput('en-US');
    input.snapshot.workaroundsEn = '';
    input.snapshot.workaroundsZh = '';
    input.snapshot.fixedVersions = [];
    input.snapshot.affected = [input.snapshot.affected[0]!];
    const lean: Json = buildCsafDocument(input);
    expect(lean.vulnerabilities[0].remediations.map((r: Json) => r.category)).toEqual(['vendor_fix']);
    expect(lean.vulnerabilities[0].product_status).toEqual({
      known_affected: ['CSAFPID-0001', 'CSAFPID-0002'],
      fixed: ['CSAFPID-0003', 'CSAFPID-0004'],
    });
  });
});

describe('buildCsafDocument (zh-CN, a translation per CSAF 2.0 clause 9)', () => {
  const en = build('en-US');
  const zh = build('zh-CN');

  it('is published by a translator, in zh-CN, from en-US, under its own tracking id', () => {
    expect(zh.document).toMatchObject({
      lang: 'zh-CN',
      source_lang: 'en-US',
      publisher: { category: 'translator', name: 'Example Servers' },
      title: 'BMC 固件中的多个漏洞',
    });
    expect(zh.document.tracking.id).toBe('PFW-2026-0007-zh-CN');
    expect(zh.document.tracking.id).not.toBe(en.document.tracking.id);
    expect(zh.document.tracking.revision_history).toEqual(en.document.tracking.revision_history);
  });

  it('references the original first and keeps the original references at the end', () => {
    const refs = zh.document.references;
    expect(refs[0]).toEqual({
      category: 'external',
      summary: expect.stringContaining('PFW-2026-0007'),
      url: 'https://portal.example.com/.well-known/csaf/white/2026/pfw-2026-0007.json',
    });
    expect(refs[1]).toMatchObject({ category: 'self', url: sampleInput('zh-CN').selfUrl });
    expect(refs.find((r: Json) => r.url.includes('cve.org')).summary).toBe('CVE 记录');
    const tail = refs.slice(-en.document.references.length);
    expect(tail.map((r: Json) => [r.url, r.summary])).toEqual(
      en.document.references.map((r: Json) => [r.url, r.summary]),
    );
    expect(tail.every((r: Json) => r.category === 'external')).toBe(true);
  });

  it('keeps the products, ids, scores and statuses of the original; only text changes', () => {
    expect(definedIds(zh)).toEqual(definedIds(en));
    expect(zh.vulnerabilities.map((v: Json) => [v.cve, v.cwe, v.scores, v.product_status])).toEqual(
      en.vulnerabilities.map((v: Json) => [v.cve, v.cwe, v.scores, v.product_status]),
    );
    expect(zh.vulnerabilities[0].notes[0].text).toContain('越界写入');
    // No Chinese description: the English one rather than an empty note.
    expect(zh.vulnerabilities[1].notes[0].text).toContain('IPMI service');
    expect(zh.product_tree.branches[0].branches[2].name).toBe('固件包');
    expect(zh.product_tree.branches[0].branches[2].branches[0].name).toBe('R5300 G5 BMC 固件');
  });
});

describe('naming', () => {
  it('gives the translation a tracking id and file name of its own', () => {
    expect(csafTrackingIdOf('PFW-2026-0007', 'en-US')).toBe('PFW-2026-0007');
    expect(csafTrackingIdOf('PFW-2026-0007', 'zh-CN')).toBe('PFW-2026-0007-zh-CN');
    expect(csafTranslationFileNameOf('PFW-2026-0007', 'en-US')).toBe('pfw-2026-0007.json');
    expect(csafTranslationFileNameOf('PFW-2026-0007', 'zh-CN')).toBe('pfw-2026-0007-zh-cn.json');
  });

  it('writes vers ranges with the grammar characters of versions percent-encoded', () => {
    expect(versRange(null, '2.0')).toBe('vers:generic/<2.0');
    expect(versRange('1.0', null)).toBe('vers:generic/>=1.0');
    expect(versRange(null, null)).toBe('vers:generic/*');
    expect(versRange('1.0', '2.0')).toBe('vers:generic/>=1.0|<2.0');
    expect(versRange('1.0 beta', '1.2|rc')).toBe('vers:generic/>=1.0%20beta|<1.2%7Crc');
    expect(versRange(null, 'v1/<2>%')).toBe('vers:generic/<v1%2F%3C2%3E%25');
  });
});
