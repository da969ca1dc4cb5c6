import { describe, expect, it } from 'vitest';
import { childFlags } from './prepare';

describe('the preparing child', () => {
  it("runs with the portal's flags but its debugger port and its small-heap settings", () => {
    expect(
      childFlags([
        '--max-semi-space-size=2',
        '--optimize-for-size',
        '--inspect=9229',
        '--enable-source-maps',
        '--max-old-space-size=2048',
      ]),
    ).toEqual(['--enable-source-maps', '--max-old-space-size=2048']);
  });
});
