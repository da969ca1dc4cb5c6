import { type ZipEntry, zipArchive } from '../../db/seed/zip-archive';

/**
 * Hand-written ZIP files for the XLSX guard's tests (xlsx-guard.test.ts,
 * inventory-upload-stall.test.ts): what a hostile file declares is up to its author.
 */
export type Part = Omit<ZipEntry, 'level'>;

/**
 * A ZIP of these parts, deflated (an extra field in the central directory, if given); `level` 9
 * packs a bomb small enough to be uploaded.
 */
export const zipOfParts = (parts: Part[], level = 1): Buffer =>
  zipArchive(parts.map((part) => ({ ...part, level })));

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
