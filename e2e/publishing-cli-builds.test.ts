import { request as playwrightRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage, PASSWORDS, useConsoleSuite } from './support/console';
import { signInThroughApi } from './support/session';
import { confirmPopup, openItemVersions, openSystemPage, versionRow } from './support/system-app';

// Split from publishing.test.ts: fwportal's builds are published as other versions are, but with
// a release signature the portal checks (issue 44 §1), and customers fetch both unchanged.
describe('staff publishing fwportal builds in Chromium', () => {
  const suite = useConsoleSuite();

  it('publishes an fwportal build with its release signature, which customers then fetch unchanged', async () => {
    const version = `1.${Date.now() % 100_000}.0`;
    const fileName = `fwportal-${version}-linux-x64`;
    // An ELF x86-64 head, then filler: the portal checks the platform by the first bytes.
    const build = Buffer.alloc(16 * 1024, 7);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(build, 0);
    build.writeUInt16LE(0x3e, 18);
    const signature = suite.portal.releaseSignature(build, fileName);
    const api = await playwrightRequest.newContext();
    try {
      // The platform's Tools item (the demo start creates it; this portal has no builds yet).
      const token = await signInThroughApi(api, suite.portal, 'admin', PASSWORDS.admin);
      const headers = { Authorization: `Bearer ${token}` };
      await api.post(`${suite.portal.url}/api/publishing/items`, {
        headers,
        data: {
          code: 'fwportal-linux-x64',
          kind: 'TOOL',
          nameZh: 'fwportal',
          nameEn: 'fwportal',
          visibility: 'signed_in',
          grants: [],
        },
      });
    } finally {
      await api.dispose();
    }
    const page = await openSystemPage(suite, 'admin', '/system/publishing');
    await openItemVersions(page, 'fwportal-linux-x64');
    await page.getByTestId('version-upload').click();
    const form = page.getByTestId('upload-form');
    // A build: the executable and its signature, no operating system or platform to type.
    await form.getByText('Release signature (.sig)').waitFor();
    expect(await form.getByText('Operating system').count()).toBe(0);
    await page.getByTestId('upload-version').fill(version);
    await form.getByText(`e.g. ${fileName}`).waitFor();
    const [fileInput, signatureInput] = [0, 1].map((i) => form.locator('input[type="file"]').nth(i));
    await fileInput!.setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: build });
    // Without its signature nothing is sent.
    await page.getByTestId('upload-submit').click();
    await form.getByText("Please choose the build's release signature").waitFor();
    // A signature the release key did not make is refused by the server, in the user's language.
    await signatureInput!.setInputFiles({
      name: `${fileName}.sig`,
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(64, 1),
    });
    await page.getByTestId('upload-submit').click();
    await form.getByText('The release signature does not match this file').waitFor();
    expect(await versionRow(page, version).count()).toBe(0);

    await signatureInput!.setInputFiles({
      name: `${fileName}.sig`,
      mimeType: 'application/octet-stream',
      buffer: signature,
    });
    await page.getByTestId('upload-submit').click();
    await expectMessage(page, `Version ${version} uploaded as a draft`);
    const row = versionRow(page, version);
    await row.getByRole('button', { name: 'Publish' }).click();
    await confirmPopup(page);
    await expectMessage(page, `Version ${version} published`);

    // A customer finds it for Linux x86_64, with the release signature as published.
    const customer = await playwrightRequest.newContext();
    try {
      const token = await signInThroughApi(customer, suite.portal, 'demo', PASSWORDS.demo);
      const headers = { Authorization: `Bearer ${token}` };
      const answer = await customer.get(
        `${suite.portal.url}/api/catalog/versions?item=fwportal-linux-x64&os=Linux&arch=x86_64&locale=en-US`,
        { headers },
      );
      const rows = ((await answer.json()) as { data: { rows: { versionId: number; version: string }[] } })
        .data.rows;
      const entry = rows.find((r) => r.version === version);
      expect(entry).toBeDefined();
      const sig = await customer.get(`${suite.portal.url}/api/downloads/${entry?.versionId}/release.sig`, {
        headers,
      });
      expect(sig.status()).toBe(200);
      expect((await sig.body()).equals(signature)).toBe(true);
    } finally {
      await customer.dispose();
    }
  });
});
