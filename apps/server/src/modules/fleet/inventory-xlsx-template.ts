import { INVENTORY_CSV_COLUMNS } from '@portal/contract';

/** Text format: what people type in these columns stays as typed (4.10 stays 4.10, 0012 stays 0012). */
const TEXT_COLUMNS = new Set<string>(['sn', 'kind', 'pn', 'slot', 'version']);

let template: Promise<Buffer> | undefined;

/**
 * The XLSX template: the CSV's columns on row 1, the text columns formatted as Text (so Excel
 * neither drops a version's trailing zeros nor turns 4.10 into a date), seen_at as a date and
 * time, and the CSV template's two examples commented out (`#` first, skipped on upload).
 * Built once, on the first download.
 */
export function inventoryXlsxTemplate(): Promise<Buffer> {
  template ??= (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('inventory', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = INVENTORY_CSV_COLUMNS.map((name) => ({
      header: name,
      key: name,
      width: name === 'seen_at' ? 22 : name === 'sn' || name === 'pn' ? 20 : 14,
      style: TEXT_COLUMNS.has(name) ? { numFmt: '@' } : { numFmt: 'yyyy-mm-dd hh:mm:ss' },
    }));
    sheet.getRow(1).font = { bold: true };
    const seenAt = new Date('2026-11-01T08:00:00Z');
    sheet.addRow({ sn: '# M7S2U24000101', kind: 'BMC', version: '4.1.2', seen_at: seenAt });
    sheet.addRow({
      sn: '# M7S2U24000101',
      kind: 'PCIE',
      pn: 'PN-NIC-25G-2P',
      slot: 'slot2',
      version: '22.36.1010',
      seen_at: seenAt,
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  })();
  return template;
}
