import { createHash } from 'node:crypto';
import { request as playwrightRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../apps/server/src/db/seed/demo-archives';
import { chooseLanguage, expectMessage, PASSWORDS, useConsoleSuite } from './support/console';
import { signInThroughApi } from './support/session';
import { confirmPopup, openItemVersions, openSystemPage, versionRow } from './support/system-app';

/** A 1x1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('staff publishing in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates an item, uploads a version, publishes it for customers and recalls it', async () => {
    const stamp = Date.now();
    const code = `e2e-bios-${stamp}`;
    const version = `9.${stamp % 1000}.1`;
    const archive = zipOf('README.txt', Buffer.from(`BIOS ${version} for the e2e test\n`));
    const page = await openSystemPage(suite, 'admin', '/system/publishing');

    // A new item, visible to every signed-in customer.
    await page.getByTestId('item-new').click();
    await page.getByTestId('item-code').fill(code);
    await page.getByTestId('item-name-zh').fill('端到端 BIOS');
    await page.getByTestId('item-name-en').fill('E2E BIOS');
    await page.getByTestId('item-save').click();
    await expectMessage(page, `Item ${code} saved`);
    await openItemVersions(page, code);

    // The upload form refuses a file type that is not an archive before sending anything.
    await page.getByTestId('version-upload').click();
    const fileInput = page.getByTestId('upload-form').locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('Unsupported file type').waitFor();
    // A .zip whose bytes are not a zip is refused by the server, in the user's language.
    await page.getByTestId('upload-version').fill(version);
    await fileInput.setInputFiles({
      name: 'fake.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('not a zip'),
    });
    await page.getByTestId('upload-submit').click();
    await page.locator('.ant-message-error').waitFor();
    expect(await versionRow(page, version).count()).toBe(0);

    await fileInput.setInputFiles({
      name: `bios-${version}.zip`,
      mimeType: 'application/zip',
      buffer: archive,
    });
    await page.getByTestId('upload-submit').click();
    await expectMessage(page, `Version ${version} uploaded as a draft`);
    const row = versionRow(page, version);
    await row.waitFor();
    expect(await row.innerText()).toContain('Draft');
    expect(await row.innerText()).toContain(sha256(archive).slice(0, 12));

    // Customers cannot see a draft.
    const customer = await playwrightRequest.newContext();
    try {
      const token = await signInThroughApi(customer, suite.portal, 'demo', PASSWORDS.demo);
      const headers = { Authorization: `Bearer ${token}` };
      const listed = async () => {
        const answer = await customer.get(
          `${suite.portal.url}/api/catalog/versions?item=${code}&locale=en-US`,
          {
            headers,
          },
        );
        const body = (await answer.json()) as { data: { rows: { versionId: number; sha256: string }[] } };
        return body.data.rows;
      };
      expect(await listed()).toEqual([]);

      await row.getByRole('button', { name: 'Publish' }).click();
      await confirmPopup(page);
      await expectMessage(page, `Version ${version} published`);
      await expect.poll(() => row.innerText()).toContain('Published');

      // Published: the customer finds it and downloads exactly the uploaded bytes.
      const [entry] = await listed();
      expect(entry?.sha256).toBe(sha256(archive));
      const download = await customer.get(`${suite.portal.url}/api/downloads/${entry?.versionId}`, {
        headers,
      });
      expect(download.status()).toBe(200);
      expect(sha256(await download.body())).toBe(sha256(archive));

      // Release notes: a structured line and a rich-text body with an uploaded image.
      await row.getByRole('button', { name: 'Notes' }).click();
      await page.getByTestId('note-line-add').click();
      await page.getByPlaceholder('Chinese text').fill('修复部分主板无法启动');
      await page.getByPlaceholder('English text').fill('Fixes boot on some boards');
      await page.getByRole('tab', { name: 'English body (HTML)' }).click();
      const body = page.getByTestId('notes-notesHtmlEn');
      await body.locator('.ql-editor').click();
      await page.keyboard.type('Update the BMC first.');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        body.locator('button.ql-image').click(),
      ]);
      await chooser.setFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: PNG });
      await body.locator('.ql-editor img').waitFor();
      await page.getByTestId('notes-save').click();
      await expectMessage(page, 'Release notes saved');
      const detail = await customer.get(
        `${suite.portal.url}/api/catalog/versions/${entry?.versionId}?locale=en-US`,
        { headers },
      );
      const notes = JSON.stringify(await detail.json());
      expect(notes).toContain('Update the BMC first.');
      expect(notes).toContain('Fixes boot on some boards');
      // The image is a public, immutable asset: a reader's browser loads it without a session.
      const image = /<img src=\\"(\/api\/editor-images\/[0-9a-f]+)\\"/.exec(notes)?.[1];
      expect(image).toBeDefined();
      const loaded = await fetch(`${suite.portal.url}${image}`);
      expect(loaded.status).toBe(200);
      expect(loaded.headers.get('content-type')).toBe('image/png');

      // Recalled: the history stays for staff, the file is gone for customers.
      await row.getByRole('button', { name: 'Recall' }).click();
      await page.getByTestId('recall-reason').fill('Boot loop on some boards');
      await page.getByTestId('recall-submit').click();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Recalled');
      expect(await listed()).toEqual([]);
      const refused = await customer.get(`${suite.portal.url}/api/downloads/${entry?.versionId}`, {
        headers,
      });
      expect(refused.status()).toBe(404);
    } finally {
      await customer.dispose();
    }
  });

  it('publishes a portal release note from the Chinese console', async () => {
    const version = `v9.${Date.now() % 100000}`;
    const page = await openSystemPage(suite, 'admin', '/system/release-notes');
    await chooseLanguage(page, 'zh-CN');
    await page.getByTestId('release-note-new').click();
    await page.getByTestId('release-note-version').fill(version);
    await page.getByTestId('note-line-add').click();
    await page.getByPlaceholder('中文内容').fill('新增固件签名清单');
    await page.getByPlaceholder('英文内容').fill('Signed firmware manifests');
    await page.getByTestId('release-note-save').click();
    await expectMessage(page, '更新日志已保存');
    await page.getByTestId('release-notes-page').getByText(version).waitFor();

    // Every signed-in user reads it in the header's release-notes dialog, in their language.
    const reader = await playwrightRequest.newContext();
    try {
      const token = await signInThroughApi(reader, suite.portal, 'demo', PASSWORDS.demo);
      const answer = await reader.get(`${suite.portal.url}/api/releaseNote/getReleaseNoteList?locale=en-US`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = JSON.stringify(await answer.json());
      expect(body).toContain(version);
      expect(body).toContain('Signed firmware manifests');
    } finally {
      await reader.dispose();
    }
  });
});
