import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type PublishItem, type PublishVersion } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogVersionModels, catalogVersions } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { archives, BOUNDARY, filesUnder, itemInput, uploadVersion, versionMeta } from './publishing-test-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe.each(DRIVERS)('uploading a new version on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  let item: PublishItem;
  const setUp = async (maxBytes?: number) => {
    t = await createTestApp(driver, maxBytes ? { config: { PUBLISH_MAX_BYTES: maxBytes } } : {});
    const user = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, user.account, user.password);
    const created = await withToken<PublishItem>(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput(),
    });
    item = created.body.data;
  };
  afterEach(() => t.close());
  const versionRows = () => t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, item.id));

  it('streams each allowed archive type to the store as a draft with the SHA-256 and MD5 of its bytes', async () => {
    await setUp();
    const files = [
      { filename: 'bmc-9.9.1.tar.gz', content: archives.tarGz('a'), type: 'application/gzip' },
      { filename: 'BMC-9.9.2.TGZ', content: archives.tarGz('b'), type: 'application/gzip' },
      { filename: 'bmc 9.9.3 (固件).tar', content: archives.tar('c'), type: 'application/x-tar' },
      { filename: 'bmc-9.9.4.zip', content: archives.zip('d'), type: 'application/zip' },
      { filename: 'empty.zip', content: archives.emptyZip(), type: 'application/zip' },
      { filename: 'bmc-9.9.6.rar', content: archives.rar(), type: 'application/vnd.rar' },
    ];
    for (const [index, file] of files.entries()) {
      const answer = await uploadVersion(
        t,
        staff,
        item.id,
        file,
        versionMeta({ version: `9.9.${index + 1}` }),
      );
      expect(answer.status, file.filename).toBe(200);
      const version = answer.body.data as PublishVersion;
      expect(version).toMatchObject({
        version: `9.9.${index + 1}`,
        status: 'draft',
        fileName: file.filename,
        fileSize: file.content.length,
        sha256: sha256(file.content),
        md5: md5(file.content),
        contentType: file.type,
        models: ['M7-2U', 'M7-4U'],
        cves: ['CVE-2025-12345'],
        publishTime: null,
      });
      const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, version.id));
      const stored = await t.app.services.store.open(row?.storageKey ?? '');
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(file.content)).toBe(true);
    }
    expect(filesUnder(t, `catalog/${item.code}`)).toHaveLength(files.length);
  });

  it('refuses other types by name and archives whose content does not match their name, leaving nothing', async () => {
    await setUp();
    const refused = [
      { filename: 'setup.exe', content: archives.zip() },
      { filename: 'notes.txt', content: Buffer.from('hello') },
      { filename: 'firmware.gz', content: archives.tarGz() },
      { filename: 'fake.zip', content: archives.tarGz() },
      { filename: 'fake.tar.gz', content: archives.zip() },
      { filename: 'script.tar', content: Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(40)) },
      { filename: 'fake.rar', content: Buffer.from('Rar!') },
      { filename: 'empty.tgz', content: Buffer.alloc(0) },
    ];
    for (const file of refused) {
      const answer = await uploadVersion(t, staff, item.id, file);
      expect(answer.status, file.filename).toBe(415);
      expect(answer.body.code).toBe(ErrorCode.FILE_TYPE_NOT_ALLOWED);
    }
    const mismatch = await uploadVersion(t, staff, item.id, {
      filename: 'fake.zip',
      content: archives.tarGz(),
    });
    expect(mismatch.body.message).toBe(
      'The file content is not a zip archive (allowed: .tar, .tar.gz, .tgz, .zip, .rar; the name and the content must agree)',
    );
    expect(await versionRows()).toEqual([]);
    expect(filesUnder(t)).toEqual([]);
  });

  it('refuses a file over PUBLISH_MAX_BYTES (413) and accepts one of exactly that size', async () => {
    const limit = 64 * 1024;
    await setUp(limit);
    const big = Buffer.concat([archives.tarGz(), Buffer.alloc(limit)]);
    const tooLarge = await uploadVersion(t, staff, item.id, { filename: 'big.tar.gz', content: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: ErrorCode.FILE_TOO_LARGE });
    expect(await versionRows()).toEqual([]);
    expect(filesUnder(t)).toEqual([]);
    const exact = Buffer.concat([archives.tarGz(), Buffer.alloc(limit - archives.tarGz().length)]);
    const fits = await uploadVersion(t, staff, item.id, { filename: 'fits.tar.gz', content: exact });
    expect(fits.status).toBe(200);
    expect(fits.body.data.fileSize).toBe(limit);
  });

  it('refuses a version string the item already has, before and without storing the bytes', async () => {
    await setUp();
    const first = await uploadVersion(t, staff, item.id, { filename: 'a.tar.gz', content: archives.tarGz() });
    expect(first.status).toBe(200);
    const again = await uploadVersion(t, staff, item.id, { filename: 'b.zip', content: archives.zip() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: ErrorCode.PUBLISH_VERSION_EXISTS,
      message:
        'Version 9.9.1 of this item already exists: a published file never changes, publish a fix as a new version',
    });
    expect(await versionRows()).toHaveLength(1);
    expect(filesUnder(t, `catalog/${item.code}`)).toHaveLength(1);
  });

  it('checks the metadata: meta first, valid fields, known models, an existing item', async () => {
    await setUp();
    const file = { filename: 'a.tar.gz', content: archives.tarGz() };
    const noMeta = await uploadVersion(t, staff, item.id, file, null);
    expect(noMeta).toMatchObject({ status: 400, body: { code: ErrorCode.PARAM_ERROR } });
    const badJson = await uploadVersion(t, staff, item.id, file, '{not json');
    expect(badJson).toMatchObject({ status: 400, body: { code: ErrorCode.JSON_MALFORMED } });
    const badFields = await uploadVersion(t, staff, item.id, file, {
      ...versionMeta(),
      releaseDate: 'yesterday',
      cves: ['not-a-cve'],
    });
    expect(badFields.status).toBe(400);
    expect((badFields.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'meta.cves.0',
      'meta.releaseDate',
    ]);
    const unknownModel = await uploadVersion(t, staff, item.id, file, versionMeta({ models: ['Z9-1U'] }));
    expect(unknownModel.status).toBe(400);
    expect(unknownModel.body.data).toEqual([{ field: 'models', message: 'names an unknown server model' }]);
    const noFile = await uploadVersion(t, staff, item.id, null);
    expect(noFile.status).toBe(400);
    const noItem = await uploadVersion(t, staff, 99999, file);
    expect(noItem).toMatchObject({ status: 404, body: { code: ErrorCode.PUBLISH_NOT_FOUND } });
    expect(await versionRows()).toEqual([]);
    expect(filesUnder(t)).toEqual([]);
    expect(await t.db.select().from(catalogVersionModels)).toEqual([]);
  });

  it('leaves no file and no row when the client goes away mid-upload', async () => {
    await setUp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${JSON.stringify(versionMeta())}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.tar.gz"\r\n` +
        'Content-Type: application/gzip\r\n\r\n',
    );
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/publishing/items/${item.id}/versions`,
      headers: {
        authorization: `Bearer ${staff}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + 10 * 1024 * 1024),
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(archives.tarGz());
    // Keep sending until the partial file shows up in the store, then drop the connection.
    const waitFor = async (condition: () => boolean, what: string) => {
      for (let i = 0; i < 200; i++) {
        if (condition()) return;
        request.write(Buffer.alloc(16 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    await waitFor(() => filesUnder(t).some((f) => f.endsWith('.part')), 'the partial file');
    request.destroy();
    for (let i = 0; i < 200 && filesUnder(t).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(filesUnder(t)).toEqual([]);
    expect(await versionRows()).toEqual([]);
    // The server is still fine afterwards.
    const after = await uploadVersion(t, staff, item.id, {
      filename: 'ok.tar.gz',
      content: archives.tarGz(),
    });
    expect(after.status).toBe(200);
  });
});
