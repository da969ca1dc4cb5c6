import { describe, expect, it } from 'vitest';
import { isPortableFileName } from './file-names';

describe('isPortableFileName', () => {
  it.each([
    'm7-bmc-4.1.2.tar.gz',
    'BIOS_2.0 (x64).zip',
    '固件-1.0.bin',
    'console.bin',
    'CONFIG.tar',
    'com10.bin',
  ])('takes %s', (name) => expect(isPortableFileName(name)).toBe(true));

  it.each([
    ['a device on Windows', 'CON'],
    ['a device whatever the extension', 'aux.tar.gz'],
    ['a device in another case', 'Lpt1.bin'],
    ['a stream of another file', 'bios.bin:payload'],
    ['a path', 'dir/bios.bin'],
    ['a Windows path', 'dir\\bios.bin'],
    ['a wildcard', 'bios*.bin'],
    ['a trailing dot', 'bios.bin.'],
    ['a trailing space', 'bios.bin '],
    ['a control character', 'bios\u001b]0;x\u0007.bin'],
    ['nothing', ''],
    ['the folder itself', '.'],
    ['its parent', '..'],
    ['a name too long', `${'a'.repeat(252)}.bin`],
  ])('refuses %s', (_what, name) => expect(isPortableFileName(name)).toBe(false));
});
