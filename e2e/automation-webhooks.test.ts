import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_VERSION, type Webhook } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import { type Received, useReceiver, WEBHOOKS_PATH } from './support/automation-sections';
import { expectMessage, useConsoleSuite } from './support/console';
import { accessibilityFindings, motionOver, saveScreenshot } from './support/page-checks';
import { openUserDetailTab } from './support/system-app';

/** The receiver's check, as docs/AUTOMATION.md gives it. */
function verify(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const timestamp = String(headers[WEBHOOK_HEADERS.timestamp]);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = `${WEBHOOK_SIGNATURE_VERSION}=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const given = Buffer.from(String(headers[WEBHOOK_HEADERS.signature] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

describe('webhooks in Chromium', () => {
  const suite = useConsoleSuite();
  const receiver = useReceiver();

  it('adds a webhook shown with its secret once, sends a test event and shows it delivered and verified', async () => {
    const api = await apiAs(suite, 'demo');
    // What a first attempt received is not this attempt's delivery (it was signed with another secret).
    receiver.received.length = 0;
    try {
      const page = await suite.openConsole('demo', WEBHOOKS_PATH);
      await page.getByTestId('settings-section-webhooks').waitFor();
      await page.getByTestId('webhooks-list').getByText('No webhooks yet').waitFor();

      await page.getByLabel('Payload URL').fill(receiver.url);
      await page.getByRole('checkbox', { name: /Release published/ }).check();
      await page.getByTestId('webhook-create').click();
      const modal = page.getByRole('dialog');
      const secretField = modal.getByLabel('Signing secret');
      await secretField.waitFor();
      await motionOver(page);
      expect(await modal.getByRole('alert').innerText()).toContain('It will not be shown again');
      expect(await modal.getByTestId('webhook-verify-snippet').innerText()).toContain(
        WEBHOOK_HEADERS.signature,
      );
      expect(await accessibilityFindings(page, '.ant-modal')).toEqual([]);
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_[\w-]{20,}$/);
      await modal.getByRole('button', { name: 'I have saved the secret' }).click();
      await modal.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('webhook-create');
      expect(await page.locator('body').innerText()).not.toContain(secret);

      const row = page.locator(`[data-testid="webhook-row"][data-url="${receiver.url}"]`);
      await expect.poll(() => row.innerText()).toContain('Release published');
      expect(await row.innerText()).toContain('No deliveries yet');
      expect(await accessibilityFindings(page, '[data-testid="settings-section-webhooks"]')).toEqual([]);

      await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await expectMessage(page, 'Test event queued: see the delivery log for the result');
      // The portal's job queue delivers it; the receiver checks the signature with the secret.
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [delivery] = receiver.received as [Received];
      expect(delivery.headers[WEBHOOK_HEADERS.event]).toBe('ping');
      expect(verify(secret, delivery.headers, delivery.body)).toBe(true);
      expect(verify('whsec_not-the-secret', delivery.headers, delivery.body)).toBe(false);
      expect(JSON.parse(delivery.body)).toMatchObject({ event: 'ping', data: { ping: true } });

      // Support's page (below) opens meanwhile, in a browser of its own: the list here shows the
      // delivery only when it looks again (every 3 s while one is pending), a wait that cost the
      // test as long as support's sign-in and users page did after it (issue 41).
      const staffOpened = openUserDetailTab(suite, 'admin', 'demo', 'API tokens');
      // Awaited below; a failure before that must not leave its rejection unhandled.
      staffOpened.catch(() => undefined);
      await expect
        .poll(() => row.getByTestId('webhook-last-delivery').innerText(), { timeout: 20_000 })
        .toContain('Delivered');
      await row.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
      const log = page.getByTestId('webhook-deliveries-table');
      const logged = log.getByTestId('webhook-delivery-row').first();
      await expect.poll(() => logged.innerText(), { timeout: 20_000 }).toContain('Delivered');
      const text = await logged.innerText();
      expect(text).toContain('Test event');
      expect(text).toContain('1 / 10');
      expect(text).toContain('HTTP 204');
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
      await motionOver(page);
      expect(await accessibilityFindings(page, '.ant-drawer-section')).toEqual([]);
      await saveScreenshot(page, 'webhooks-log-en-US-desktop');

      await logged.getByRole('button', { name: /^Details of delivery/ }).click();
      const payload = page.getByTestId('webhook-delivery-payload');
      await payload.waitFor();
      const sent = JSON.parse(await payload.innerText()) as { id: string };
      expect(sent).toEqual(JSON.parse(delivery.body));
      expect(await payload.innerText()).toContain('\n  "event": "ping"');
      await motionOver(page);
      await saveScreenshot(page, 'webhooks-delivery-en-US-desktop');
      await page.getByTestId('webhook-delivery-detail-close').click();
      await payload.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'hidden' });
      // The drawer gives the focus back to the button that opened it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('webhook-log');

      // Support reads the same log from the users page: by origin, with no body to open.
      const { page: staff, drawer: detail } = await staffOpened;
      const origin = new URL(receiver.url).origin;
      await detail.getByRole('button', { name: `Delivery log of the webhook to ${origin}` }).click();
      const staffLog = staff.getByTestId('webhook-deliveries');
      const staffRow = staffLog.getByTestId('webhook-delivery-row').first();
      await expect.poll(() => staffRow.innerText(), { timeout: 20_000 }).toContain('HTTP 204');
      expect(await staffRow.innerText()).toContain('Test event');
      expect(await staffRow.getByRole('button').count()).toBe(0);
      const shown = await staffLog.innerText();
      expect(shown).toContain(origin);
      expect(shown).not.toContain('/hooks/firmware');
      await motionOver(staff);
      expect(await accessibilityFindings(staff, '[data-testid="webhook-deliveries-table"]')).toEqual([]);
    } finally {
      // Deleted again: a retry finds "No webhooks yet" and one row for the receiver.
      for (const hook of await api<Webhook[]>('GET', '/sysUser/webhooks')) {
        if (hook.url === receiver.url) await api('DELETE', `/sysUser/webhooks/${hook.id}`);
      }
    }
  });
});
