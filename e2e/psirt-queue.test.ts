import { describe, expect, it } from 'vitest';
import { useConsoleSuite, waitForConsole } from './support/console';
import { expectAccessible } from './support/page-checks';
import { addEngineer, reportThroughApi, SECRET, SUMMARY } from './support/psirt';
import { openSignedIn } from './support/session';

/**
 * The PSIRT's queue (issue 43 §4), walked as the PSIRT engineer (Staff and PSIRT roles) does it:
 * an encrypted report sent as the disclosure form sends it (the form itself: psirt-report.test.ts)
 * is found in the queue, read decrypted and confirmed. Writing the advisory that follows:
 * psirt-sbom-triage.test.ts. The file writes (a case, an engineer): a portal of its own.
 */
describe('PSIRT in Chromium: the queue', () => {
  const suite = useConsoleSuite();

  it('finds the encrypted report in the queue, reads it decrypted and confirms it', async () => {
    const { portal } = suite;
    const reference = await reportThroughApi(portal);
    const engineer = await addEngineer(suite);
    const staff = await suite.newPage();
    await openSignedIn(staff, portal, engineer.account, engineer.password, '/system/psirt-reports');
    await waitForConsole(staff);
    const status = staff.getByTestId(`report-status-${reference}`);
    await expect.poll(() => status.innerText()).toMatch(/^New · /);
    await expectAccessible(staff, '[data-testid="psirt-reports-page"]', 'the PSIRT queue');
    await staff.getByTestId(`report-actions-${reference}`).getByTestId('report-open').click();
    const drawer = staff.locator('.ant-drawer-section').filter({ visible: true });
    await drawer.getByTestId('report-body-text').waitFor();
    expect(await drawer.getByTestId('report-body-text').innerText()).toContain('BEGIN PGP MESSAGE');
    expect(await drawer.innerText()).toContain(SUMMARY);
    await drawer.getByTestId('report-decrypt').click();
    await expect.poll(() => drawer.getByTestId('report-plaintext').innerText()).toBe(SECRET);
    await expectAccessible(staff, '.ant-drawer', 'the report drawer, decrypted');
    await drawer.getByTestId('report-status').click();
    await staff
      .locator('.ant-select-item-option')
      .filter({ hasText: 'Confirmed' })
      .filter({ visible: true })
      .click();
    await drawer.locator('textarea').last().fill('Reproduced on 4.0.1');
    await staff.getByTestId('report-save').click();
    await expect.poll(() => status.innerText()).toMatch(/^Confirmed · /);
  });
});
