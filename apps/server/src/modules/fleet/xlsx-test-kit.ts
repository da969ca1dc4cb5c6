import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-written ZIP files for the XLSX guard's tests (xlsx-guard.test.ts,
 * inventory-upload-limits.test.ts): what a hostile file declares is up to its author.
 */
export type Part = {
  name: string;
  content: Buffer;
  extra?: Buffer;
  /** The unpacked size the ZIP claims (a bomb lies); the real one by default. */
  declaredSize?: number;
};

/**
 * A ZIP of these parts, written by hand (an extra field in the central directory, if given);
 * `level` 9 packs a bomb small enough to be uploaded.
 */
export function zipOfParts(parts: Part[], level = 1): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, extra = Buffer.alloc(0), declaredSize = content.length } of parts) {
    const data = deflateRawSync(content, { level });
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName, extra);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The wide sheet of the security review: 64 rows of 16,384 cells (1,048,576 cells). */
export const WIDE_SHEET = Buffer.from(
  `<worksheet><sheetData>${`<row>${'<c><v>1</v></c>'.repeat(16_384)}</row>`.repeat(64)}</sheetData></worksheet>`,
);

/** A workbook of these parts besides the two every workbook has. */
export const workbookWith = (parts: Part[]) =>
  zipOfParts([
    { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
    ...parts,
  ]);
