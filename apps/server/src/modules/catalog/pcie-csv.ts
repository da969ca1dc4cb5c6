import type { CatalogVersionRow, Locale, PciePartResult, PcieLookupResult } from '@portal/contract';
import { csvLine } from '../../lib/csv-cell';
import { translate } from '../../lib/i18n/messages';

/** Excel opens a UTF-8 CSV with Chinese text correctly only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

function line(fields: (string | number)[]): string {
  return `${csvLine(fields)}\r\n`;
}

function versionFields(row: CatalogVersionRow | undefined): (string | number)[] {
  if (!row) return ['', '', '', '', '', ''];
  return [row.itemName, row.version, row.releaseDate, row.fileName, row.fileSize, row.sha256];
}

function partLines(prefix: (string | number)[], part: PciePartResult, none: string): string[] {
  if (part.versions.length === 0) return [line([...prefix, part.pn, none, '', '', '', '', ''])];
  return part.versions.map((row) => line([...prefix, part.pn, ...versionFields(row)]));
}

/** The lookup result as CSV: one line per (SN,) PN and firmware version, headers in the reader's language. */
export function pcieResultCsv(result: PcieLookupResult, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const versionHeaders = [
    t('PCIE_CSV_PN'),
    t('PCIE_CSV_FIRMWARE'),
    t('PCIE_CSV_VERSION'),
    t('PCIE_CSV_RELEASE_DATE'),
    t('PCIE_CSV_FILE'),
    t('PCIE_CSV_SIZE'),
    t('PCIE_CSV_SHA256'),
  ];
  const none = t('PCIE_CSV_NO_FIRMWARE');
  const lines: string[] = [];
  if (result.by === 'pn') {
    lines.push(line(versionHeaders));
    for (const part of result.parts) lines.push(...partLines([], part, none));
  } else {
    lines.push(line([t('PCIE_CSV_SN'), t('PCIE_CSV_MODEL'), ...versionHeaders]));
    for (const serial of result.serials) {
      if (!serial.found) lines.push(line([serial.sn, t('PCIE_CSV_SN_UNKNOWN'), '', '', '', '', '', '', '']));
      else if (serial.parts.length === 0)
        lines.push(line([serial.sn, serial.model ?? '', '', none, '', '', '', '', '']));
      else
        for (const part of serial.parts)
          lines.push(...partLines([serial.sn, serial.model ?? ''], part, none));
    }
  }
  return UTF8_BOM + lines.join('');
}
