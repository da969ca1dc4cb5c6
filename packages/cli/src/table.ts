import { printable } from './terminal-text.ts';

/** Columns on a terminal: CJK characters take two cells, so widths count cells, not code points. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        char,
      )
        ? 2
        : 1;
  return width;
}

/**
 * A plain text table (header row first), columns two spaces apart. Cells come from the portal:
 * made printable, so no escape sequence reaches the terminal and no newline breaks a row.
 */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows].map((row) => row.map(printable));
  const widths = header.map((_, column) => Math.max(...all.map((row) => displayWidth(row[column] ?? ''))));
  return all
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell + ' '.repeat((widths[column] ?? 0) - displayWidth(cell)),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
    .concat('\n');
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
