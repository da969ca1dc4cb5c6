import { CONTROL_CHARACTERS, visibleText } from '@portal/contract/visible-text';

/**
 * Whole escape sequences (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS `ESC ] … BEL|ST`, their 8-bit
 * C1 forms, and two-byte `ESC x`), removed whole so no half of one (`]0;title`) is left to read.
 */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- escape sequences are what is removed
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u007e]?/g;
/** Line and tab characters: a space, so words stay apart and a table row stays one line. */
const WHITESPACE_CONTROL = /[\t\n\v\f\r\u0085]/g;

/**
 * Text from the portal or a BMC (item and file names, serial numbers, versions, error messages)
 * made safe to print: a terminal obeys control characters, so a hostile name could clear the
 * screen, retitle the window, hide a link or rewrite the lines above; bidi controls could make
 * one serial number read as another. Everything shown to the user goes through here: the portal's
 * `visibleText` (control, bidi and zero-width characters) once whole escape sequences are gone.
 */
export function printable(text: string): string {
  return visibleText(text.replace(ESCAPE_SEQUENCE, '').replace(WHITESPACE_CONTROL, ' '));
}

/** Whether `text` holds any C0/C1 control character (refused in file names). */
export function hasControlCharacters(text: string): boolean {
  return text.replace(CONTROL_CHARACTERS, '') !== text;
}
