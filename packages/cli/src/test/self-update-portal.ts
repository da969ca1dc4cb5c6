import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { catalogVersions } from '../../../../apps/server/src/db/schema';
import { createItem, createVersion } from '../../../../apps/server/src/test/catalog-factories';
import { createUser } from '../../../../apps/server/src/test/factories';
import { tokenFor } from '../../../../apps/server/src/test/requests';
import { buildFileName, fwportalItemCode } from '@portal/contract/cli-builds';
import { EXIT } from '../exit-codes.ts';
import { newer, PLATFORM, type SeaHarness, sha256, useSingleExecutable } from './sea-harness.ts';
import { startTamperProxy } from './tamper-proxy.ts';

/** The single executable signed in to a portal whose Tools item of its platform lists its builds. */
export type SelfUpdatePortal = {
  sea: SeaHarness;
  /** In front of the portal; `mode.tamper` changes the bytes it passes on. */
  proxy: Awaited<ReturnType<typeof startTamperProxy>>;
  /** The installed program's SHA-256 before any test ran. */
  original: string;
  /** The newer build, published as the console does, with its release signature. */
  newerVersionId: number;
  /** A version row of the platform's Tools item, as the factories write it (no upload checks). */
  publish: (version: string, fileName: string, bytes?: Buffer, preRelease?: boolean) => Promise<number>;
};

/**
 * Registers the file's beforeAll and afterAll for `fwportal self-update` from the portal: the
 * single executable with a real portal, signed in with the customer's API token, a tamper proxy
 * in front of the portal, and the Tools item of its platform listing the newer build (published
 * through the console) and two builds it must never pick. Shared by the files that test it, each
 * with a portal and a program of its own. The returned values are set by the time the tests run.
 */
export function useSelfUpdatePortal(): SelfUpdatePortal {
  const sea = useSingleExecutable({ portal: true });
  let proxy: Awaited<ReturnType<typeof startTamperProxy>>;
  let original: string;
  let newerVersionId: number;
  let itemId: number;

  /** A version row of the platform's Tools item, as the factories write it (no upload checks). */
  const publish = async (version: string, fileName: string, bytes?: Buffer, preRelease = false) => {
    const { t } = sea.portal;
    const row = await createVersion(t.db, t.app.services.store, {
      itemId,
      version,
      fileName,
      bytes,
      preRelease,
    });
    await t.db
      .update(catalogVersions)
      .set({ os: 'Linux', arch: 'x86_64', fileCategory: 'software' })
      .where(eq(catalogVersions.id, row.id));
    return row.id;
  };

  /** What the console's upload form sends for a build (meta, signature, file), then Publish, as staff. */
  async function publishThroughConsole(file: string): Promise<number> {
    const { portal } = sea;
    const staff = await createUser(portal.t.db, { roleCodes: ['staff'] });
    const staffToken = await tokenFor(portal.t.app, staff.account, staff.password);
    const headers = { authorization: `Bearer ${staffToken}` };
    const form = new FormData();
    const meta = {
      version: newer,
      releaseDate: '2026-12-01',
      fileCategory: 'software',
      os: 'Any',
      arch: 'Any',
    };
    form.append(
      'meta',
      JSON.stringify({ ...meta, severity: 'optional', cves: [], models: [], securityFix: false }),
    );
    form.append('signature', new Blob([readFileSync(`${file}.sig`)]), `${path.basename(file)}.sig`);
    form.append('file', new Blob([readFileSync(file)]), path.basename(file));
    const uploaded = await fetch(`${portal.url}/api/publishing/items/${itemId}/versions`, {
      method: 'POST',
      headers,
      body: form,
    });
    const draft = (await uploaded.json()) as { data: { id: number } };
    expect(uploaded.status, JSON.stringify(draft)).toBe(200);
    const published = await fetch(`${portal.url}/api/publishing/versions/${draft.data.id}/publish`, {
      method: 'POST',
      headers,
    });
    expect(published.status).toBe(200);
    return draft.data.id;
  }

  beforeAll(async () => {
    original = sha256(sea.program);
    // Signed in as the customer's API token, as fwportal is where it updates from the portal.
    const login = await sea.fwportal(['login', '--url', sea.portal.url, '--token-stdin'], `${sea.token}\n`);
    expect(login.code, login.stderr).toBe(EXIT.ok);
    proxy = await startTamperProxy(sea.portal.url);
    // Staff publish builds as any software: a version of the Tools item of the platform.
    const item = await createItem(sea.portal.t.db, {
      kind: 'TOOL',
      code: fwportalItemCode(PLATFORM),
      name: 'fwportal',
    });
    itemId = item.id;
    // Published by staff as the console does: the executable with the .sig the build script
    // wrote beside it, over HTTP, then released.
    newerVersionId = await publishThroughConsole(sea.built(newer));
    // Never picked: a pre-release, and a newer build for another platform listed by mistake
    // (rows the publishing API itself would refuse: their bytes carry no release signature).
    await publish('9.0.0-rc.1', buildFileName('9.0.0-rc.1', PLATFORM), undefined, true);
    await publish('9.0.0', buildFileName('9.0.0', 'linux-arm64'));
  });
  afterAll(() => proxy?.close());

  return {
    sea,
    get proxy() {
      return proxy;
    },
    get original() {
      return original;
    },
    get newerVersionId() {
      return newerVersionId;
    },
    publish,
  };
}
