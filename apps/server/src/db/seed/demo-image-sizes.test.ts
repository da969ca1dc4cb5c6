import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoCatalogItems } from './catalog-seed-data';
import { demoImageSize, demoPayload } from './seed-catalog';

/** The file names of a ustar archive, walking its headers by their size fields. */
function entryNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    names.push(
      tar
        .subarray(at, at + 100)
        .toString()
        .replace(/\0.*$/s, ''),
    );
    const size = Number.parseInt(tar.subarray(at + 124, at + 135).toString(), 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

describe('demo file sizes (DEMO_FILE_MB)', () => {
  const bios = demoCatalogItems().find((item) => item.kind === 'BIOS')!;

  it('puts an image of the asked size beside the README, the same bytes on every start', () => {
    const size = demoImageSize('BIOS', 2, 6);
    expect(size).toBe(Math.round(6 * 1024 * 1024));
    const first = demoPayload(bios, bios.versions[2]!, size);
    // Random bytes do not compress: the archive is as big as its image.
    expect(first.bytes.length).toBeGreaterThan(size);
    const tar = gunzipSync(first.bytes);
    const names = entryNames(tar);
    // The firmware image first, starting with the test BMC's header (npm run bmc:sim installs it).
    expect(names).toEqual([`${bios.code}-${bios.versions[2]!.version}.bin`, 'README.txt']);
    expect(tar.subarray(512, 512 + 64).toString('latin1')).toMatch(
      new RegExp(`^FWIMG BIOS ${bios.versions[2]!.version.replaceAll('.', '\\.')}\n`),
    );
    expect(Number.parseInt(tar.subarray(124, 135).toString(), 8)).toBe(size);
    expect(demoPayload(bios, bios.versions[2]!, size).bytes.equals(first.bytes)).toBe(true);
  });

  it('names the part number in a PCIe image and keeps the README first in other kinds', () => {
    const items = demoCatalogItems();
    const nic = items.find((item) => item.code === 'pcie-nic-25g')!;
    const tar = gunzipSync(demoPayload(nic, nic.versions[1]!, 4096).bytes);
    expect(tar.subarray(512, 512 + 64).toString('latin1')).toMatch(
      /^FWIMG PCIE:PN-NIC-25G-2P 22\.36\.1010\n/,
    );
    const livecd = items.find((item) => item.kind === 'LIVECD')!;
    expect(entryNames(gunzipSync(demoPayload(livecd, livecd.versions[0]!, 4096).bytes))[0]).toBe(
      'README.txt',
    );
  });

  it('keeps files of a few KB with 0 (the tests), and sizes kinds in proportion', () => {
    expect(demoPayload(bios, bios.versions[0]!, demoImageSize('BIOS', 0, 0)).bytes.length).toBeLessThan(
      64 * 1024,
    );
    expect(demoImageSize('LIVECD', 0, 6)).toBe(2 * demoImageSize('BIOS', 0, 6));
    expect(demoImageSize('DOCUMENT', 0, 6)).toBe(0);
  });
});
