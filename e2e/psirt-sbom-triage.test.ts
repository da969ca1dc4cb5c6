import { describe, expect, it } from 'vitest';
import { useConsoleSuite, waitForConsole } from './support/console';
import { expectAccessible } from './support/page-checks';
import { addEngineer } from './support/psirt';
import { openSignedIn } from './support/session';

/**
 * VEX triage (issue 43 §2): writing an advisory for a CVE, the PSIRT engineer (Staff and PSIRT
 * roles, not a super administrator) asks which released firmware's SBOM holds the vulnerable
 * openssl, and adds what was found as products under investigation. The engineer's account is a
 * write: a portal of its own.
 */
describe('PSIRT in Chromium: SBOM triage', () => {
  const suite = useConsoleSuite();

  it('writing the advisory, finds the released firmware whose SBOM holds the vulnerable openssl', async () => {
    const { portal } = suite;
    const engineer = await addEngineer(suite);
    const staff = await suite.newPage();
    // Which released firmware carries openssl before 3.0.8 (CVE-2023-0286)?
    await openSignedIn(staff, portal, engineer.account, engineer.password, '/system/advisories');
    await waitForConsole(staff);
    await staff.getByTestId('advisory-new').click();
    await staff.getByTestId('vulnerability-cve-0').fill('CVE-2023-0286');
    await staff.getByTestId('affected-triage').click();
    const dialog = staff.locator('.ant-modal').filter({ visible: true });
    await dialog.getByTestId('triage-identifier').fill('pkg:generic/openssl');
    await dialog.getByTestId('triage-before').fill('3.0.8');
    await dialog.getByTestId('triage-search').click();
    const rows = dialog.getByTestId('triage-rows');
    await rows.waitFor();
    const found = await rows.innerText();
    // The demo's older BMC releases (M7 4.0.1 with 3.0.7, M6 3.0.1 with 1.1.1w), not M7 4.1.2 (3.0.13).
    expect(found).toContain('4.0.1');
    expect(found).toContain('3.0.1');
    expect(found).not.toMatch(/\b4\.1\.2\b/);
    await expectAccessible(staff, '.ant-modal', 'the SBOM triage dialog with its result');
    const count = await rows.locator('.ant-list-item').count();
    expect(count).toBeGreaterThan(0);
    await dialog.getByTestId('triage-add').click();
    await dialog.waitFor({ state: 'hidden' });
    // Each product found becomes a row under investigation, the first where the empty one was.
    await expect
      .poll(() => staff.getByTestId('affected-status-0').innerText())
      .toContain('Under investigation');
    expect(await staff.getByTestId(`affected-status-${count - 1}`).innerText()).toContain(
      'Under investigation',
    );
  });
});
