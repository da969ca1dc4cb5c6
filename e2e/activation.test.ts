import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERIAL_NUMBERS } from '../apps/server/src/db/seed/seed-data';
import { codeIn, nextMailTo } from './support/account-mail';
import { choose, chooseLanguage, useConsoleSuite } from './support/console';
import { forgetCodesSince, takeBackActivations } from './support/put-back';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..');
const OWN_SN = 'M7S2U24000101';
/** Its last day of maintenance: the portal was seeded today, so the seed's dates for today. */
const OWN_MAINTENANCE_END = SERIAL_NUMBERS.find((serial) => serial.sn === OWN_SN)?.maintenanceEnd ?? '?';

describe('activation codes in Chromium', () => {
  const suite = useConsoleSuite();

  it('activates a machine, downloads the code file that the shipped verifier accepts, and the nodes drop', async () => {
    const started = new Date();
    try {
      // A reader in UTC+8 (issue 18 §3): the licence's last day reads as the maintenance end, not the next day.
      const page = await suite.openConsole('demo', '/tools/activate', { timezoneId: 'Asia/Shanghai' });
      await page.getByTestId('my-entitlements').getByText('DEMO-IMS-2024-001').waitFor();
      const form = page.getByTestId('activation-form-code');
      await choose(page, 'activation-sn', OWN_SN);
      await expect.poll(() => form.getByTestId('remaining-nodes').innerText()).toBe('50 of 50');
      expect(await form.getByTestId('maintenance-remain').innerText()).toContain(
        `until ${OWN_MAINTENANCE_END}`,
      );

      await form.getByTestId('activation-version').fill('6.1.0');
      await form.getByTestId('activation-machine-code').fill('E2EMACHINE1');
      await form.getByTestId('activation-contacts').fill('Li Lei');
      await form.getByTestId('activation-contact-info').fill('+86 138 0000 0000');

      // One node field; more nodes than are left: the server's message, nothing issued.
      expect(await form.getByTestId('activation-quantity').count()).toBe(0);
      expect(await form.getByTestId('activation-cluster-nodes').count()).toBe(0);
      await form.getByTestId('activation-nodes').fill('60');
      const since = suite.portal.mails().length;
      await form.getByTestId('get-code-button').click();
      const code = codeIn(await nextMailTo(suite.portal, 'demo@example.com', since));
      await form.getByTestId('verify-code').fill(code);
      await form.getByTestId('activation-submit-code').click();
      await page
        .locator('.ant-message-error')
        .getByText('Not enough authorized nodes: 60 requested, 50 remaining')
        .waitFor();

      await form.getByTestId('activation-nodes').fill('3');
      await form.getByTestId('activation-submit-code').click();
      const issued = page.getByTestId('activation-code');
      await issued.waitFor();
      const shown = (await issued.innerText()).trim();
      expect(shown).toMatch(/^PL1\./);
      await page.getByText(`Licenses 3 nodes, valid through ${OWN_MAINTENANCE_END}`).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('activation-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^activation-code-E2EMACHINE1-\d+\.lic$/);
      const dir = mkdtempSync(path.join(tmpdir(), 'activation-e2e-'));
      try {
        const file = path.join(dir, download.suggestedFilename());
        await download.saveAs(file);
        expect(readFileSync(file, 'utf8').trim()).toBe(shown);
        const key = await fetch(`${suite.portal.url}/api/activation/public-key.pem`);
        const keyFile = path.join(dir, 'public.pem');
        writeFileSync(keyFile, await key.text());
        const verified = await run(
          'npx',
          [
            'tsx',
            'apps/server/src/cli/verify-licence.ts',
            '--key',
            keyFile,
            '--file',
            file,
            '--machine-code',
            'E2EMACHINE1',
          ],
          { cwd: repoRoot },
        );
        expect(JSON.parse(verified.stdout)).toMatchObject({
          valid: true,
          payload: { machineCode: 'E2EMACHINE1', nodes: 3, sn: OWN_SN, product: 'ims-platform' },
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      await page.getByRole('button', { name: 'Request another' }).click();
      await expect.poll(() => form.getByTestId('remaining-nodes').innerText()).toBe('47 of 50');
      await page.getByRole('tab', { name: 'History' }).click();
      const historyRow = page.getByTestId('activation-history').locator('tr', { hasText: 'E2EMACHINE1' });
      await historyRow.waitFor();
      expect(await historyRow.innerText()).toContain(OWN_MAINTENANCE_END);

      // The same subpages live under the platform on the software download page.
      await page.goto(`${suite.portal.url}/tools/toolsdownload?tab=platform&sub=maintenance`);
      await page.getByTestId('licence-maintenance').waitFor();
      await expect.poll(() => page.getByTestId('remaining-nodes').innerText()).toBe('47 of 50');
      expect(await page.getByTestId('maintenance-remain').innerText()).toContain(
        `until ${OWN_MAINTENANCE_END}`,
      );
    } finally {
      // A retry counts 50 of 50 nodes, finds one history row and asks for a code at once.
      await takeBackActivations(suite.portal, 'E2EMACHINE1', started);
      await forgetCodesSince(suite.portal, 'demo@example.com', started);
    }
  }, 90_000);

  it('refuses a lower-case machine code before sending and reads in Chinese', async () => {
    const page = await suite.openConsole('demo', '/tools/activate');
    await page.getByTestId('my-entitlements').waitFor();
    await chooseLanguage(page, 'zh-CN');
    const form = page.getByTestId('activation-form-code');
    await form.getByTestId('activation-machine-code').fill('abc123');
    await form.getByTestId('activation-submit-code').click();
    await form.getByText('机器码只能由大写字母，或大写字母加数字组成').waitFor();
    expect(await page.getByRole('tab', { name: '激活记录' }).count()).toBe(1);
  });
});
