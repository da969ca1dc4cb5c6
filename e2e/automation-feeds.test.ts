import { FEED_CONTENT_TYPE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import { FEEDS_PATH } from './support/automation-sections';
import { expectMessage, useConsoleSuite } from './support/console';
import { accessibilityFindings, motionOver } from './support/page-checks';

/** A feed as a feed reader fetches it: status, type and body. */
async function readFeed(url: string) {
  const answer = await fetch(url);
  return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() };
}

describe('feeds in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates a private feed URL shown once, which a reader can fetch until it is revoked in the UI', async () => {
    try {
      const page = await suite.openConsole('demo', FEEDS_PATH);
      await page.getByTestId('settings-section-feeds').waitFor();
      expect(
        await page.getByTestId('account-settings-menu').locator(`a[href="${FEEDS_PATH}"]`).innerText(),
      ).toBe('Feeds');
      await page.getByTestId('private-feed-status').getByText('Not created').waitFor();

      await page.getByRole('button', { name: 'Create private feed URL' }).click();
      const modal = page.getByRole('dialog');
      const field = modal.getByLabel('Private feed URL');
      await field.waitFor();
      await motionOver(page);
      expect(await modal.getByRole('alert').innerText()).toContain('It will not be shown again');
      expect(await accessibilityFindings(page, '.ant-modal')).toEqual([]);
      const feedUrl = await field.inputValue();
      expect(feedUrl).toMatch(/\/api\/feeds\/releases\.atom\?token=fwf_[\w-]{20,}$/);
      // The portal names itself by PUBLIC_URL; this one listens on a port of its own.
      const { pathname, search } = new URL(feedUrl);
      const privateFeed = `${suite.portal.url}${pathname}${search}`;
      const feed = await readFeed(privateFeed);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe(FEED_CONTENT_TYPE);
      expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
      expect(feed.body).toContain('<entry>');

      await modal.getByRole('button', { name: 'I have saved the URL' }).click();
      await modal.waitFor({ state: 'hidden' });
      // The focus is back on the section's main button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('private-feed-replace');
      const status = page.getByTestId('private-feed-status');
      await expect.poll(() => status.innerText()).toContain('Active since');
      expect(await status.innerText()).not.toMatch(/\d{4}-\d\d-\d\dT/);
      // Shown once: forgotten when closed.
      expect(await page.locator('body').innerText()).not.toContain(
        new URL(feedUrl).searchParams.get('token'),
      );
      await page.reload();
      await expect.poll(() => status.innerText()).toContain('Last used');

      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Revoke your private feed URL?').waitFor();
      await page.getByTestId('private-feed-revoke-confirm').filter({ visible: true }).click();
      await expectMessage(page, 'Private feed URL revoked');
      await status.getByText('Not created').waitFor();
      expect((await readFeed(privateFeed)).status).toBe(404);
    } catch (error) {
      // Revoked, should the attempt fail before it did: a retry finds "Not created". Only then:
      // a session for it cost a passing attempt a second.
      const api = await apiAs(suite, 'demo');
      await api('DELETE', '/sysUser/feedToken').catch(() => undefined);
      throw error;
    }
  });

  it('builds a public feed URL for a model, and for a kind, that a reader can fetch', async () => {
    const page = await suite.openConsole('demo', FEEDS_PATH);
    await page.getByTestId('public-feed-form').waitFor();
    const url = page.getByTestId('public-feed-url');
    const pick = async (select: string, option: string) => {
      await page.getByTestId(select).click();
      await page.locator(`.ant-select-item-option[title="${option}"]`).filter({ visible: true }).click();
      await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    };

    await pick('public-feed-kind', 'LiveCD image');
    await expect.poll(() => url.inputValue()).toContain('kind=LIVECD');
    const kindFeed = await url.inputValue();
    expect(kindFeed).toBe(`${suite.portal.url}/api/feeds/releases.atom?kind=LIVECD&locale=en-US`);
    expect(await page.getByRole('link', { name: 'Open feed' }).getAttribute('href')).toBe(kindFeed);
    const forKind = await readFeed(kindFeed);
    expect(forKind.status).toBe(200);
    expect(forKind.type).toBe(FEED_CONTENT_TYPE);
    expect(forKind.body).toContain('<entry>');
    expect(forKind.body).toContain('Maintenance LiveCD (x86_64)');

    await pick('public-feed-model', 'M7-2U M7 2U rack server');
    await expect.poll(() => url.inputValue()).toContain('model=M7-2U');
    const modelFeed = await url.inputValue();
    expect(modelFeed).toBe(
      `${suite.portal.url}/api/feeds/releases.atom?model=M7-2U&kind=LIVECD&locale=en-US`,
    );
    const forModel = await readFeed(modelFeed);
    expect(forModel.status).toBe(200);
    expect(forModel.type).toBe(FEED_CONTENT_TYPE);
    expect(forModel.body).toContain('<title>Firmware releases: M7-2U');
    expect(await accessibilityFindings(page, '[data-testid="settings-section-feeds"]')).toEqual([]);
  });
});
