import { CONTROL_CHARACTERS } from './visible-text.ts';

/** What Windows will not create, whatever follows the first dot: CON, con.txt, LPT1.tar.gz. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
/** Characters a Windows file name cannot hold (and a path separator everywhere). */
const RESERVED_CHARACTERS = /[<>:"/\\|?*]/;

/**
 * A file name every customer's machine can save as it is: the portal refuses to publish any other,
 * and `fwportal` refuses to write one (the win-x64 build would reach a device such as `AUX`, or a
 * stream of another file through `name:stream`). Also no control characters, no `.` or `..`, no
 * trailing dot or space (Windows drops them, so two names would be one file), 255 characters at most.
 */
export function isPortableFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    !/[. ]$/.test(name) &&
    !RESERVED_CHARACTERS.test(name) &&
    !WINDOWS_DEVICE_NAME.test(name) &&
    name.replace(CONTROL_CHARACTERS, '') === name
  );
}
