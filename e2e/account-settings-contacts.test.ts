import type { Page as ListPage, UserAdminRow } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY, SERIAL_NUMBERS } from '../apps/server/src/db/seed/seed-data';
import { apiAs } from './support/api';
import { expectMessage, useConsoleSuite, waitForConsole } from './support/console';

/** One SN shipped to the demo customer's company (verifies at once) and one of another customer. */
const OWN_SN = SERIAL_NUMBERS.find((serial) => serial.customer === DEMO_COMPANY);
const OTHER_SN = SERIAL_NUMBERS.find((serial) => serial.customer !== DEMO_COMPANY);

const boundRow = (page: Page, sn: string) => page.locator(`[data-testid="bound-sn-row"][data-sn="${sn}"]`);

describe('account settings in Chromium: serial numbers and contact bindings', () => {
  const suite = useConsoleSuite();

  it('binds a serial number of the own company (verified) and one of another customer (pending), then removes one', async () => {
    if (!OWN_SN || !OTHER_SN) throw new Error('the seed has no serial numbers for this test');
    const api = await apiAs(suite, 'demo');
    try {
      const page = await suite.openConsole('demo', '/account/settings/binding');
      await page.getByText('No serial numbers bound yet').waitFor();

      await page.getByTestId('sn-input').fill(`${OWN_SN.sn.toLowerCase()}, NOSUCHSN01, ${OTHER_SN.sn}`);
      await page.getByTestId('sn-lookup').click();
      const results = page.getByTestId('sn-lookup-row');
      await expect.poll(() => results.count()).toBe(3);
      // A look-up says only whether an SN can be bound: never its model (another customer's SN
      // tells nothing about their server).
      expect(await results.nth(0).innerText()).toContain('Can be bound');
      expect(await results.nth(1).innerText()).toContain('Unknown serial number');
      expect(await results.nth(2).innerText()).toContain('Can be bound');
      expect(await results.nth(2).innerText()).not.toContain(OTHER_SN.model);

      await page.getByTestId('sn-bind').click();
      await expectMessage(page, 'Serial numbers bound: 2');
      await expect.poll(() => page.getByTestId('bound-sn-row').count()).toBe(2);
      const own = boundRow(page, OWN_SN.sn);
      const other = boundRow(page, OTHER_SN.sn);
      expect(await own.getByTestId('sn-state').getAttribute('data-state')).toBe('verified');
      expect(await own.innerText()).toContain(OWN_SN.maintenanceEnd);
      expect(await other.getByTestId('sn-state').innerText()).toBe('Pending');
      expect(await page.getByTestId('sn-summary').innerText()).toBe('Verified: 1, pending: 1');
      await other.getByTestId('sn-state').hover();
      await page.getByText(/vendor support has to confirm it/).waitFor();

      await page.reload();
      await waitForConsole(page);
      await expect.poll(() => page.getByTestId('bound-sn-row').count()).toBe(2);

      await other.getByTestId('sn-remove').click();
      await page.getByTestId('sn-remove-ok').filter({ visible: true }).click();
      await expectMessage(page, `Serial number ${OTHER_SN.sn} removed`);
      await expect.poll(() => page.getByTestId('bound-sn-row').count()).toBe(1);
      expect(await page.getByTestId('sn-summary').innerText()).toBe('Verified: 1, pending: 0');
    } finally {
      // Unbound again, so that a retry finds none bound and both can be bound.
      for (const sn of [OWN_SN.sn, OTHER_SN.sn]) {
        // One the attempt did not bind (or removed) is refused: nothing to put back.
        await api('DELETE', `/auth/bindSn/${encodeURIComponent(sn)}`).catch(() => undefined);
      }
    }
  });

  it('binds a new email address with the code mailed to it', async () => {
    // An address of this attempt's own: a code to the address of a failed first attempt could not
    // be asked for again so soon (the resend interval), so a retry would wait for a mail in vain.
    const address = `neo-${Date.now().toString(36)}@example.com`;
    const admin = await apiAs(suite, 'admin');
    try {
      const page = await suite.openConsole('demo', '/account/settings/security');
      await page.getByTestId('bound-email-value').waitFor();
      expect(await page.getByTestId('bound-email-value').innerText()).toBe('demo@example.com');

      await page.getByTestId('change-email').click();
      // The password form above has its own code field; this one is the dialog's.
      const dialog = page.locator('.ant-modal').filter({ visible: true });
      await dialog.getByTestId('contact-value').fill(address);
      const mailsBefore = suite.portal.mails().length;
      await dialog.getByTestId('get-code-button').click();
      await expect.poll(() => suite.portal.mails().length).toBe(mailsBefore + 1);
      const mail = suite.portal.mails().at(-1);
      expect(mail?.to).toEqual([address]);
      const code = mail?.raw.match(/ is (\d{6})\./)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await expect.poll(() => dialog.getByTestId('get-code-button').isDisabled()).toBe(true);

      await dialog.getByTestId('verify-code').fill(code);
      await dialog.getByTestId('contact-confirm').click();
      await expectMessage(page, 'Email address updated');
      await expect.poll(() => page.getByTestId('bound-email-value').innerText()).toBe(address);
    } finally {
      // demo's own address again (staff may set it without a code), as a retry expects it.
      const demo = (await admin<ListPage<UserAdminRow>>('GET', '/sysUser/page?q=demo')).rows.find(
        (row) => row.account === 'demo',
      );
      if (demo) {
        const { nickName, name, phone, company, industry, adminType } = demo;
        await admin('PUT', `/sysUser/${demo.id}`, {
          nickName,
          name,
          email: 'demo@example.com',
          phone,
          company,
          industry,
          adminType,
        });
      }
    }
  });
});
