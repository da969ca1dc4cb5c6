import { describe, expect, it } from 'vitest';
import { buildFileName, fwportalItemCode, parseBuildFileName } from './cli-builds';

describe('fwportal build names', () => {
  it('name a version and platform, and read them back', () => {
    expect(buildFileName('1.2.0', 'linux-x64')).toBe('fwportal-1.2.0-linux-x64');
    expect(buildFileName('1.3.0-rc.1', 'win-x64')).toBe('fwportal-1.3.0-rc.1-win-x64.exe');
    expect(parseBuildFileName('fwportal-1.3.0-rc.1-win-x64.exe')).toEqual({
      version: '1.3.0-rc.1',
      platform: 'win-x64',
    });
    expect(parseBuildFileName('fwportal-2.0.10-linux-arm64')).toEqual({
      version: '2.0.10',
      platform: 'linux-arm64',
    });
    expect(fwportalItemCode('linux-arm64')).toBe('fwportal-linux-arm64');
  });

  it('refuse any other name: self-update reads version and platform from the signed name only', () => {
    for (const name of [
      'fwportal-1.2.0-linux-x64.exe', // a Linux build never ends in .exe
      'fwportal-1.2.0-win-x64', // nor a Windows one without it
      'fwportal-1.2-linux-x64',
      'fwportal-v1.2.0-linux-x64',
      'fwportal-1.2.0-linux-x64 ',
      '../fwportal-1.2.0-linux-x64',
      'fwportal-1.2.0-darwin-arm64',
      'fwportal-1.2.0-linux-x64\nfwportal-9.9.9-linux-x64',
      'other-1.2.0-linux-x64',
    ])
      expect(parseBuildFileName(name), name).toBeNull();
  });
});
