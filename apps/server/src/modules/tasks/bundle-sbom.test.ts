import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BUNDLE_MANIFEST_CSV, BUNDLE_MANIFEST_JSON, BUNDLE_SHA256SUMS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../lib/file-store/local-file-store';
import { readTar, verifySums } from './bundle-check';
import { writeBundle } from './bundle-writer';
import type { BundleLine, BundleSbom } from './mirror-resolve';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('SBOMs in SN bundles (issue 43)', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-sbom-'));
    store = new LocalFileStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function bundleOf(sbomBytes: Buffer, storedSbom: Buffer = sbomBytes) {
    const file = Buffer.from('bmc image bytes');
    await store.put('catalog/bmc.tar.gz', Readable.from([file]));
    await store.put('sbom/bmc.json', Readable.from([storedSbom]));
    const line: BundleLine = {
      sn: 'SN1',
      pn: '',
      model: 'M7-2U',
      component: 'BMC',
      current: '4.0.1',
      file: {
        versionId: 7,
        itemName: 'M7 BMC',
        kind: 'BMC',
        version: '4.1.2',
        severity: 'urgent',
        fileName: 'm7-bmc-4.1.2.tar.gz',
        fileSize: file.length,
        sha256: sha256(file),
        storageKey: 'catalog/bmc.tar.gz',
        releaseDate: '2026-06-01',
      },
    };
    const sbom: BundleSbom = {
      fileName: 'm7-bmc-4.1.2.tar.gz.cdx.json',
      storageKey: 'sbom/bmc.json',
      size: sbomBytes.length,
      sha256: sha256(sbomBytes),
    };
    const log = async () => undefined;
    await writeBundle(store, 'tasks/bundle.tar', [line], {
      signal: new AbortController().signal,
      log,
      now: new Date('2026-07-01T00:00:00Z'),
      generatedBy: 'test',
      sboms: new Map([[7, sbom]]),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await store.open('tasks/bundle.tar')) chunks.push(chunk as Buffer);
    return readTar(Buffer.concat(chunks));
  }

  it('puts each file SBOM beside it, in SHA256SUMS and in both manifests', async () => {
    const sbom = Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.6"}');
    const files = await bundleOf(sbom);
    const sbomPath = 'firmware/m7-bmc-4.1.2.tar.gz.cdx.json';
    expect(files.get(sbomPath)?.equals(sbom)).toBe(true);
    expect(verifySums(files.get(BUNDLE_SHA256SUMS)?.toString('utf8') ?? '', files)).toContain(sbomPath);
    const manifest = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}');
    expect(manifest.rows[0]).toMatchObject({
      file: 'firmware/m7-bmc-4.1.2.tar.gz',
      sbom: sbomPath,
      sbomSha256: sha256(sbom),
    });
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8').split('\r\n') ?? [];
    expect(csv[0]?.endsWith(',file,sha256,sbom,sbomSha256')).toBe(true);
    expect(csv[1]?.endsWith(`,${sbomPath},${sha256(sbom)}`)).toBe(true);
  });

  it('stops the bundle when the stored SBOM is not the one published', async () => {
    const published = Buffer.from('{"bomFormat":"CycloneDX"}');
    const tampered = Buffer.from('{"bomFormat":"CycloneDY"}');
    await expect(bundleOf(published, tampered)).rejects.toMatchObject({
      message: 'TASK_LOG_CHECKSUM_MISMATCH',
    });
  });
});
