import { describe, expect, it } from 'vitest';
import { versionPath } from './version-path';

describe('versionPath', () => {
  it('opens firmware on the firmware page and the rest on the software page, with the version drawer', () => {
    expect(versionPath({ versionId: 7, kind: 'BMC' })).toBe('/mirror/custmirrordownload?version=7');
    expect(versionPath({ versionId: 8, kind: 'PCIE' })).toBe('/mirror/custmirrordownload?version=8');
    expect(versionPath({ versionId: 9, kind: 'SOFTWARE' })).toBe('/tools/toolsdownload?version=9');
  });
});
