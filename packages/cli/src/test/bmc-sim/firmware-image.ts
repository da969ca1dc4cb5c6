import type { ComponentKind } from './types';

/**
 * The test firmware format the simulated BMCs accept: any bytes, starting with one header line
 * `FWIMG <KIND>[:<PN>] <version>\n` (KIND as in SimComponent.kind; PN optionally restricts a PCIe
 * image to cards of that part number; the version is the rest of the line and may hold spaces,
 * e.g. `FWIMG BIOS U32 v2.7`). A file without this header is not a firmware image: the task ends
 * in Exception (VerificationFailed), as when the kind does not match the target.
 */
export type FirmwareImageHeader = { kind: ComponentKind; pn?: string; version: string };

const KINDS = new Set<ComponentKind>(['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'PCIE', 'OTHER']);
/** Only this much of the file is kept to read the header. */
export const HEADER_BYTES = 512;

export function parseFirmwareHeader(head: Buffer): FirmwareImageHeader | undefined {
  const end = head.indexOf(0x0a);
  if (end < 0) return undefined;
  const match = /^FWIMG ([A-Z]+)(?::(\S+))? (\S.*)$/.exec(head.subarray(0, end).toString('utf8').trimEnd());
  if (!match) return undefined;
  const [, kind, pn, version] = match;
  if (!kind || !version || !KINDS.has(kind as ComponentKind)) return undefined;
  return { kind: kind as ComponentKind, ...(pn ? { pn } : {}), version };
}

/** A firmware image of the test format: the header, then `sizeBytes` in all of filler. */
export function makeFirmwareImage(header: FirmwareImageHeader, sizeBytes = 4096): Buffer {
  const line = Buffer.from(`FWIMG ${header.kind}${header.pn ? `:${header.pn}` : ''} ${header.version}\n`);
  const image = Buffer.alloc(Math.max(sizeBytes, line.length), 0x5a);
  line.copy(image);
  return image;
}
