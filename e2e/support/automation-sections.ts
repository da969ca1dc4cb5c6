import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

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
