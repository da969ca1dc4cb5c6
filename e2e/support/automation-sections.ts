import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ConsoleSuite, Portal, UiLocale } from './console';
import { expectDialogFitsAndSave, expectPageFitsAndSave, itFitsTheWindow, motionOver } from './page-checks';

/**
 * The automation sections of the account settings (feeds, webhooks, API tokens), for the e2e
 * files that look at them: automation-*.test.ts and api-tokens-*.test.ts.
 */
export const FEEDS_PATH = '/account/settings/feeds';
export const WEBHOOKS_PATH = '/account/settings/webhooks';
export const API_TOKENS_PATH = '/account/settings/api-tokens';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records every POST and answers 204. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/firmware`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver for the file's tests: started before them (beforeAll), closed after them. */
export function useReceiver(): Pick<Receiver, 'url' | 'received'> {
  let receiver: Receiver | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  const running = () => {
    if (!receiver) throw new Error('the webhook receiver is not running (beforeAll failed?)');
    return receiver;
  };
  return {
    get url() {
      return running().url;
    },
    get received() {
      return running().received;
    },
  };
}

export const tokenRow = (scope: Page | Locator, name: string) =>
  scope.locator(`[data-testid="api-token-row"][data-name="${name}"]`);

/** Creates a token through the form of the section and answers the modal that shows it. */
export async function createTokenInForm(page: Page, name: string, scopeLabel: string) {
  await page.getByTestId('api-token-name').fill(name);
  await page.getByRole('checkbox', { name: scopeLabel }).check();
  await page.getByTestId('api-token-create').click();
  const modal = page.getByRole('dialog');
  await modal.getByTestId('api-token-secret').waitFor();
  // Its opening motion is over (screenshots, focus).
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
  return modal;
}

/**
 * The feeds page, then the webhooks page and the dialog with a new webhook's secret, fit the
 * window in `language` on both widths (automation-layout.test.ts and -zh, a file per language).
 */
export function itFitsFeedsAndWebhooks(
  suite: ConsoleSuite,
  receiver: Pick<Receiver, 'url'>,
  language: UiLocale,
) {
  itFitsTheWindow(
    suite,
    FEEDS_PATH,
    'private-feed-status',
    async (page, locale, device) => {
      await expectPageFitsAndSave(page, 'feeds', locale, device);

      // On to the webhooks as the settings menu goes there (a phone has it above the section), not
      // by loading the console again.
      await page.getByTestId('account-settings-menu').locator(`a[href="${WEBHOOKS_PATH}"]`).click();
      await page.getByTestId('webhook-form').waitFor();
      // An address of this attempt's own: a retry (CI runs a failed test once more) must not find
      // the webhook its first attempt saved, nor two rows where it waits for one.
      const hookUrl = `${receiver.url}/${locale}/${device}-${randomUUID().slice(0, 4)}`;
      await page.getByTestId('webhook-url').fill(hookUrl);
      await page.getByTestId('webhook-events-version.recalled').click();
      await page.getByTestId('webhook-create').click();
      const modal = page.getByRole('dialog');
      await modal.getByTestId('webhook-secret').waitFor();
      await motionOver(page);
      await expectDialogFitsAndSave(page, modal, 'webhooks-secret', locale, device);
      await modal.getByTestId('webhook-created-close').click();
      await modal.waitFor({ state: 'hidden' });
      await page.locator(`[data-testid="webhook-row"][data-url="${hookUrl}"]`).waitFor();
      // Measured once the closing dialog and the new row have stopped moving (CI once measured the
      // page mid-motion on a phone and found it wider for that moment).
      await motionOver(page);
      await expectPageFitsAndSave(page, 'webhooks', locale, device);
    },
    { locale: language },
  );
}

/**
 * The API tokens page and the dialog with a new token fit the window in `language` on both widths
 * (api-tokens-layout.test.ts and -zh, a file per language).
 */
export function itFitsApiTokens(suite: ConsoleSuite, language: UiLocale) {
  itFitsTheWindow(
    suite,
    API_TOKENS_PATH,
    'api-token-form',
    async (page, locale, device) => {
      // A name of this attempt's own: a retry must not find two rows of the name it waits for.
      const name = `Screens ${locale} ${device} ${Date.now().toString(36)}`;
      const modal = await createTokenInForm(page, name, locale === 'en-US' ? 'Tasks' : '任务');
      await expectDialogFitsAndSave(page, modal, 'api-tokens-modal', locale, device);
      await modal.getByTestId('api-token-created-close').click();
      await modal.waitFor({ state: 'hidden' });
      await tokenRow(page, name).waitFor();
      await expectPageFitsAndSave(page, 'api-tokens', locale, device);
    },
    { locale: language },
  );
}

/** A request with the token, as a script would send it; answers the HTTP status. */
export async function statusWith(portal: Portal, token: string, apiPath: string): Promise<number> {
  const answer = await fetch(`${portal.url}${apiPath}`, { headers: { Authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

/** Confirms the open "Revoke?" popup. */
export async function confirmRevoke(page: Page) {
  await page.getByTestId('api-token-revoke-confirm').filter({ visible: true }).click();
}
