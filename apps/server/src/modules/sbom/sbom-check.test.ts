import { describe, expect, it } from 'vitest';
import { checkSbom } from './sbom-check';
import { type BomComponent, cycloneDx, goodComponent, spdx } from './sbom-test-kit';

const FILE_SHA512 = 'ab'.repeat(64);
const check = (doc: unknown) =>
  checkSbom(Buffer.isBuffer(doc) ? doc : Buffer.from(JSON.stringify(doc)), FILE_SHA512);
const problemsOf = async (doc: unknown) => {
  const checked = await check(doc);
  if (checked.accepted) throw new Error('accepted');
  return checked.problems.map((p) => `${p.code} ${p.field}`);
};

describe('checking an SBOM (CycloneDX schema, TR-03183-2 essentials, SPDX shape)', () => {
  it('accepts a good CycloneDX 1.6 SBOM, writes the file SHA-512 into its top component and indexes its components', async () => {
    const checked = await check(cycloneDx());
    if (!checked.accepted) throw new Error(JSON.stringify(checked.problems));
    expect(checked).toMatchObject({ format: 'cyclonedx', specVersion: '1.6', sha512Filled: true });
    const stored = JSON.parse(checked.bytes.toString('utf8'));
    expect(stored.metadata.component.hashes).toEqual([{ alg: 'SHA-512', content: FILE_SHA512 }]);
    expect(checked.components[0]).toMatchObject({
      name: 'openssl',
      version: '3.0.7',
      purlKey: 'pkg:generic/openssl',
      cpeKey: 'openssl:openssl',
      supplier: 'openssl project',
      licences: ['Apache-2.0'],
    });
  });

  it('stores an SBOM that names the right SHA-512 byte for byte, and accepts CycloneDX 1.5', async () => {
    const bytes = Buffer.from(JSON.stringify(cycloneDx({ sha512: FILE_SHA512, specVersion: '1.5' })));
    const checked = await check(bytes);
    if (!checked.accepted) throw new Error(JSON.stringify(checked.problems));
    expect(checked.sha512Filled).toBe(false);
    expect(checked.bytes.equals(bytes)).toBe(true);
    expect(checked.specVersion).toBe('1.5');
  });

  it('names each missing essential with its place', async () => {
    const doc = cycloneDx({
      metadata: { timestamp: undefined, authors: undefined },
      components: [
        { type: 'library', name: 'mystery', 'bom-ref': 'a' },
        goodComponent('zlib', '1.3', { purl: 'not-a-purl', cpe: 'cpe:bogus' }),
      ],
    });
    expect(await problemsOf(doc)).toEqual([
      'SBOM_CREATOR_MISSING metadata.authors',
      'SBOM_TIMESTAMP_MISSING metadata.timestamp',
      'SBOM_VERSION_MISSING components[0].version',
      'SBOM_SUPPLIER_MISSING components[0].supplier',
      'SBOM_LICENCE_MISSING components[0].licenses',
      'SBOM_IDENTIFIER_MISSING components[0].purl',
      'SBOM_PURL_INVALID components[1].purl',
      'SBOM_CPE_INVALID components[1].cpe',
    ]);
  });

  it('refuses a SHA-512 that is not the file one, and an SBOM without top component', async () => {
    expect(await problemsOf(cycloneDx({ sha512: 'cd'.repeat(64) }))).toEqual([
      'SBOM_HASH_MISMATCH metadata.component.hashes',
    ]);
    expect(await problemsOf(cycloneDx({ metadata: { component: undefined } }))).toEqual([
      'SBOM_TOP_COMPONENT_MISSING metadata.component',
    ]);
  });

  it('refuses schema errors found by the library validator, with their place and kind', async () => {
    const enumError = cycloneDx({ components: [{ ...goodComponent('x', '1'), type: 'gadget' }] });
    expect(await problemsOf(enumError)).toEqual(['SBOM_SCHEMA_ENUM components[0].type']);
    const extra = cycloneDx({
      components: [goodComponent('x', '1'), { ...goodComponent('y', '1'), colour: 'red' }],
    });
    const checked = await check(extra);
    if (checked.accepted) throw new Error('accepted');
    expect(checked.problems).toEqual([
      { code: 'SBOM_SCHEMA_EXTRA', field: 'components[1]', params: { detail: 'colour' } },
    ]);
  });

  it('validates long component lists a chunk at a time, with the places and duplicates of the whole list', async () => {
    const components = Array.from({ length: 700 }, (_, i) => goodComponent(`c${i}`, '1.0'));
    components[612] = { ...goodComponent('c612', '1.0'), type: 'gadget' };
    components[650] = components[10] as BomComponent;
    expect(await problemsOf(cycloneDx({ components }))).toEqual([
      'SBOM_SCHEMA_ENUM components[612].type',
      'SBOM_SCHEMA components[650]',
    ]);
    const started = performance.now();
    const big = Array.from({ length: 5000 }, (_, i) => goodComponent(`p${i}`, '1.0'));
    expect((await check(cycloneDx({ components: big }))).accepted).toBe(true);
    // Pairwise uniqueness over 5,000 items took tens of seconds here; chunks take a few at most.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('refuses what is not JSON, not an SBOM, or another version', async () => {
    expect(await problemsOf(Buffer.from('{"bomFormat": "CycloneDX",'))).toEqual(['SBOM_NOT_JSON $']);
    expect(await problemsOf({ hello: 'world' })).toEqual(['SBOM_FORMAT_UNKNOWN $']);
    expect(await problemsOf([1, 2])).toEqual(['SBOM_FORMAT_UNKNOWN $']);
    expect(await problemsOf(cycloneDx({ specVersion: '1.4' }))).toEqual(['SBOM_SPEC_VERSION specVersion']);
    expect(await problemsOf(spdx({ spdxVersion: 'SPDX-2.2' }))).toEqual(['SBOM_SPEC_VERSION spdxVersion']);
  });

  it('caps the list of problems and says how many more there were', async () => {
    const components = Array.from({ length: 40 }, (_, i) => ({
      type: 'library',
      name: `c${i}`,
      'bom-ref': `r${i}`,
    }));
    const checked = await check(cycloneDx({ components }));
    if (checked.accepted) throw new Error('accepted');
    expect(checked.problems).toHaveLength(51);
    expect(checked.problems.at(-1)).toEqual({
      code: 'SBOM_MORE_PROBLEMS',
      field: '$',
      params: { count: 110 },
    });
  });

  it('accepts SPDX 2.3 as given and indexes its packages; refuses one without its basic shape', async () => {
    const bytes = Buffer.from(JSON.stringify(spdx()));
    const checked = await check(bytes);
    if (!checked.accepted) throw new Error(JSON.stringify(checked.problems));
    expect(checked.bytes.equals(bytes)).toBe(true);
    expect(checked.components).toMatchObject([
      {
        name: 'edk2',
        purlKey: 'pkg:github/tianocore/edk2',
        supplier: 'TianoCore',
        licences: ['BSD-2-Clause-Patent'],
      },
      { name: 'openssl', version: '1.1.1w', cpeKey: 'openssl:openssl', supplier: '', licences: ['OpenSSL'] },
    ]);
    expect(await problemsOf(spdx({ creationInfo: { creators: [] }, packages: undefined }))).toEqual([
      'SBOM_TIMESTAMP_MISSING creationInfo.created',
      'SBOM_CREATOR_MISSING creationInfo.creators',
      'SBOM_SCHEMA_REQUIRED packages',
    ]);
  });
});
