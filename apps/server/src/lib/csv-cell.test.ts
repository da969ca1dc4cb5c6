import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-cell';

/**
 * Splits a line as a spreadsheet does with `separator` as its list separator (quotes honoured
 * only at the start of a cell): what Excel set to `;` (German, French) makes of our `,` files.
 */
function cellsOf(line: string, separator: ',' | ';'): string[] {
  // With `;`, our quotes stand inside its cells, so a line break in a field starts a new row.
  const next = (from: number) => {
    const found = line.slice(from).search(separator === ',' ? /,/ : /[;\r\n]/);
    return found === -1 ? -1 : from + found;
  };
  const cells: string[] = [];
  let index = 0;
  while (index <= line.length) {
    if (line[index] === '"') {
      let text = '';
      index += 1;
      while (index < line.length) {
        if (line[index] === '"' && line[index + 1] === '"') {
          text += '"';
          index += 2;
        } else if (line[index] === '"') {
          index += 1;
          break;
        } else text += line[index++];
      }
      // Whatever follows the closing quote up to the separator stays in the cell.
      const end = next(index);
      text += line.slice(index, end === -1 ? line.length : end);
      cells.push(text);
      index = end === -1 ? line.length + 1 : end + 1;
    } else {
      const end = next(index);
      cells.push(line.slice(index, end === -1 ? line.length : end));
      index = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PAYLOADS = [
  '1;=1+1;',
  "1;=cmd|' /C calc'!A0;",
  '=HYPERLINK("http://x","y")',
  '+1',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  'a,=1+1',
  'a, =1+1',
  'a;"=1+1"',
  'x;;@A1',
  'a\n=1+1',
];

describe('csvCell', () => {
  it('leaves plain values as they are', () => {
    expect(csvCell('SN-001')).toBe('SN-001');
    expect(csvCell('1.2.0')).toBe('1.2.0');
    expect(csvCell('BMC>=4.1.0:satisfied BIOS>=6.1.0:unknown')).toBe(
      'BMC>=4.1.0:satisfied BIOS>=6.1.0:unknown',
    );
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    // A number is a number: -1 is not a formula, and a column of sizes stays numeric.
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('中文 名称')).toBe('中文 名称');
  });

  it('quotes a field holding a separator, a quote, a line break or a tab', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  it.each(PAYLOADS)('no cell of %j starts a formula, with , or ; as the list separator', (payload) => {
    const line = csvLine(['SN1', payload, 'after']);
    for (const separator of [',', ';'] as const) {
      const cells = cellsOf(line, separator);
      for (const cell of cells)
        expect(cell.trimStart().replace(/^"+/, ''), `${separator} ${cell}`).not.toMatch(FORMULA_START);
    }
    // Read as a comma file it is still three cells, the payload's characters all kept.
    const cells = cellsOf(line, ',');
    expect(cells).toHaveLength(3);
    expect(cells[1]!.replace(/'/g, '')).toBe(payload.replace(/'/g, ''));
  });

  it('names the two payloads of the report exactly', () => {
    expect(csvCell('1;=1+1;')).toBe(`"1;'=1+1;"`);
    expect(csvCell("1;=cmd|' /C calc'!A0;")).toBe(`"1;'=cmd|' /C calc'!A0;"`);
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
  });
});
