import type { NotificationSettings, Page as ListPage, Profile, UserAdminRow } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY, SERIAL_NUMBERS } from '../apps/server/src/db/seed/seed-data';
import {
  expectMessage,
  isSwitchOn,
  openSettings,
  storedDisplaySettings,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { apiAs } from './support/api';
import { resetDisplayPreferences } from './support/preferences';
import { foreignTexts } from './support/ui-text';

/** A 1x1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** One SN shipped to the demo customer's company (verifies at once) and one of another customer. */
const OWN_SN = SERIAL_NUMBERS.find((serial) => serial.customer === DEMO_COMPANY);
const OTHER_SN = SERIAL_NUMBERS.find((serial) => serial.customer !== DEMO_COMPANY);

/** Picks `label` in the antd Select marked `testId`. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).filter({ visible: true }).click();
}

/** Whether the image inside the antd Avatar `testId` shows fetched bytes (an object URL that loaded). */
async function avatarShowsImage(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((avatar) => {
    const img = avatar.querySelector('img');
    return Boolean(img?.src.startsWith('blob:') && img.complete && img.naturalWidth > 0);
  });
}

const boundRow = (page: Page, sn: string) => page.locator(`[data-testid="bound-sn-row"][data-sn="${sn}"]`);

describe('account settings in Chromium', () => {
  const suite = useConsoleSuite();

  it('edits the base information and still shows it after a reload', async () => {
    const page = await suite.openConsole('demo', '/account/settings/base');
    const nickname = page.getByTestId('base-nickname');
    await nickname.waitFor();
    expect(await page.getByTestId('base-email').innerText()).toBe('demo@example.com');

    await nickname.fill('Neo');
    await page.getByTestId('base-name').fill('Thomas Anderson');
    await choose(page, 'base-industry', 'Finance');
    await page.getByTestId('base-submit').click();
    await expectMessage(page, 'Basic information saved');
    // The header follows the new nickname.
    await expect.poll(() => page.getByTestId('current-user').innerText()).toBe('Neo');

    await page.reload();
    await waitForConsole(page);
    await nickname.waitFor();
    expect(await nickname.inputValue()).toBe('Neo');
    expect(await page.getByTestId('base-name').inputValue()).toBe('Thomas Anderson');
    expect(await page.getByTestId('base-company').inputValue()).toBe(DEMO_COMPANY);
    expect(await page.getByTestId('base-industry').innerText()).toContain('Finance');
  });

  it('switches the interface to the language saved in the base information, and back', async () => {
    const api = await apiAs(suite, 'demo');
    try {
      const page = await suite.openConsole('demo', '/account/settings/base');
      await page.getByTestId('base-nickname').waitFor();
      await choose(page, 'base-locale', '中文');
      await page.getByTestId('base-submit').click();
      await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });
      await expectMessage(page, '基本信息已保存');
      // The server's dictionary follows the language too.
      await expect.poll(() => page.getByTestId('base-industry').innerText()).toMatch(/[\u4e00-\u9fff]/);
      await page.getByText('在安全设置中修改').first().waitFor();
      expect(await foreignTexts(page, 'zh-CN')).toEqual([]);

      // The Chinese toast must be gone before the page is checked for Chinese texts.
      await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
      await choose(page, 'base-locale', 'English');
      await page.getByTestId('base-submit').click();
      await page.locator('html[lang="en-US"]').waitFor({ state: 'attached' });
      await expectMessage(page, 'Basic information saved');
      expect(await foreignTexts(page, 'en-US')).toEqual([]);
    } finally {
      // English again, as a retry (and the tests after this one) expect demo's console.
      const { nickName, name, company, industry } = await api<Profile>('GET', '/sysUser/profile');
      await api('POST', '/sysUser/updateInfo', { nickName, name, company, industry, locale: 'en-US' });
    }
  });

  it('uploads an avatar and previews it here and in the header; refuses what is not an image', async () => {
    const page = await suite.openConsole('demo', '/account/settings/base');
    const fileInput = page.locator('input[type="file"]');
    await page.getByTestId('avatar-upload').waitFor();

    // Named .png but not an image: the server looks at the bytes and says no.
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect.poll(() => page.getByTestId('avatar-problem').innerText()).toMatch(/PNG, JPEG, WebP/);
    // Over 2 MB: refused before anything is sent.
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    });
    await expect
      .poll(() => page.getByTestId('avatar-problem').innerText())
      .toBe('The image must not be larger than 2 MB');

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expectMessage(page, 'Avatar updated');
    await expect.poll(() => avatarShowsImage(page, 'avatar-preview')).toBe(true);
    await expect.poll(() => avatarShowsImage(page, 'user-avatar')).toBe(true);

    await page.reload();
    await waitForConsole(page);
    await expect.poll(() => avatarShowsImage(page, 'avatar-preview')).toBe(true);
  });

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

  it('keeps display preferences on the server: a fresh browser signed in as the same user gets them', async () => {
    try {
      const page = await suite.openConsole('demo', '/welcome');
      await openSettings(page);
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes('/api/sysUser/preferences') && response.request().method() === 'PUT',
      );
      await page.getByTestId('setting-theme-dark').click();
      await page.getByTestId('setting-multi-tab').click();
      await saved;

      // Another browser: nothing stored locally, the server's copy applies.
      const fresh = await suite.openConsole('demo', '/account/settings/custom');
      await fresh.getByTestId('multi-tab-bar').waitFor();
      await expect
        .poll(() => fresh.getByTestId('custom-sync-status').getAttribute('data-status'))
        .toBe('saved');
      expect(await fresh.getByTestId('custom-value-navTheme').innerText()).toBe('Dark menu');
      expect(await fresh.getByTestId('custom-value-multiTab').innerText()).toBe('On');
      expect(await storedDisplaySettings(fresh)).toMatchObject({ navTheme: 'dark', multiTab: true });
      await fresh.getByTestId('custom-open-drawer').click();
      await expect.poll(() => isSwitchOn(fresh, 'setting-multi-tab')).toBe(true);
      await fresh.keyboard.press('Escape');

      // Back to the defaults, for this browser and the next one.
      await fresh.getByTestId('custom-reset').click();
      await fresh.getByTestId('custom-reset-ok').click();
      await expectMessage(fresh, 'Display settings saved to your account');
      await fresh.getByTestId('multi-tab-bar').waitFor({ state: 'detached' });
      const third = await suite.openConsole('demo', '/welcome');
      expect(await third.getByTestId('multi-tab-bar').count()).toBe(0);
      expect(await storedDisplaySettings(third)).toMatchObject({ navTheme: 'light', multiTab: false });
    } finally {
      // The defaults again, should the attempt fail before its own reset: a retry toggles from them.
      await resetDisplayPreferences(suite, 'demo');
    }
  });

  it('saves a notification setting on change', async () => {
    const api = await apiAs(suite, 'demo');
    const before = await api<NotificationSettings>('GET', '/sysUser/notificationSettings');
    try {
      const page = await suite.openConsole('demo', '/account/settings/notification');
      const taskMail = 'notify-taskFinished-email';
      await page.getByTestId(taskMail).waitFor();
      expect(await isSwitchOn(page, taskMail)).toBe(false);
      await page.getByTestId(taskMail).click();
      await expectMessage(page, 'Notification settings saved');

      await page.reload();
      await waitForConsole(page);
      await page.getByTestId(taskMail).waitFor();
      expect(await isSwitchOn(page, taskMail)).toBe(true);
      expect(await isSwitchOn(page, 'notify-securityAdvisories-email')).toBe(true);
    } finally {
      // As found, so that a retry finds the task mail off again.
      await api('PUT', '/sysUser/notificationSettings', before);
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
