import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { publishedSignatureKey } from '../../../apps/server/src/modules/downloads/published-signature';
import { EXIT } from './exit-codes.ts';
import { newer } from './test/sea-harness.ts';
import { expectUntouched } from './test/self-update-checks.ts';
import { useSelfUpdatePortal } from './test/self-update-portal.ts';

/**
 * `fwportal self-update` from the portal: builds published without their release signature, or
 * changed on their way, are refused without touching the program. The install of the newest build
 * signed by the release key built into it (or the next key it announced), and the downgrade it
 * refuses after: self-update-install.test.ts. Carried builds (`--from`):
 * self-update-carried.test.ts.
 */
describe('fwportal self-update from the portal', () => {
  const fixture = useSelfUpdatePortal();
  const { sea } = fixture;

  it("refuses the portal's newest build when it is published without its release signature, though the portal signs its SHA256SUMS", async () => {
    const store = sea.portal.t.app.services.store;
    const key = publishedSignatureKey(fixture.newerVersionId);
    const releaseSignature = readFileSync(`${sea.built(newer)}.sig`);
    await store.remove(key);
    try {
      // What a staff member publishing a build of their own gets: the portal's signature only.
      const sums = await sea.portal.t.app.inject({
        url: `/api/downloads/${fixture.newerVersionId}/SHA256SUMS.sig`,
        headers: { authorization: `Bearer ${sea.token}` },
      });
      expect(sums.statusCode).toBe(200);
      const run = await sea.fwportal(['self-update']);
      expect(run.stderr).toContain('without its release signature');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      await store.put(key, Readable.from([releaseSignature]));
    }
    await expectUntouched(sea, fixture.original);
  });

  it('refuses a build tampered with on its way from the portal', async () => {
    fixture.proxy.mode.tamper = true;
    try {
      const run = await sea.fwportal(['self-update', '--url', fixture.proxy.url], '', {
        FWPORTAL_TOKEN: sea.token,
      });
      expect(run.stderr).toContain('differs from the signed one');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      fixture.proxy.mode.tamper = false;
    }
    await expectUntouched(sea, fixture.original);
  });
});
