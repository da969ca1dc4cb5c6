import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, catalogVersions } from '../../../apps/server/src/db/schema';
import { createItem, createVersion } from '../../../apps/server/src/test/catalog-factories';
import { EXIT } from './exit-codes.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

/** Clears the screen, sets the window title, hides a link: what a hostile name would do to a terminal. */
const ESCAPES =
  '\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\\u009b31m\r\n\t';
/** C0 and C1 control characters, which must never reach the terminal from the portal. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

let portal: FleetPortal;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  portal = await startFleetPortal();
  env = cliEnv(newConfigHome());
  const login = await loginWithToken(portal, env);
  expect(login.code).toBe(EXIT.ok);
});
afterAll(async () => portal?.close());

describe('escape sequences from the portal', () => {
  it('search prints an item named with ANSI/OSC sequences without them', async () => {
    const item = await createItem(portal.t.db, { kind: 'BMC' });
    await portal.t.db
      .update(catalogItems)
      .set({ nameEn: `Zebrafirm${ESCAPES}X`, nameZh: `Zebrafirm${ESCAPES}X` })
      .where(eq(catalogItems.id, item.id));
    await createVersion(portal.t.db, portal.t.app.services.store, { itemId: item.id, version: '1.0.0' });
    const json = await runCli(['search', 'Zebrafirm', '--json'], env);
    expect(json.stdout).toContain('\\u001b[2J'); // the portal really sent it
    const run = await runCli(['search', 'Zebrafirm'], env);
    expect(run.code).toBe(EXIT.ok);
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(4); // header, the row, the total, and the final newline
    expect(run.stdout.replaceAll('\n', '')).not.toMatch(CONTROL);
    expect(lines[1]).toMatch(/Zebrafirm.*here.*X/);
  });

  it('a file name with control characters is refused (exit 4), nothing is written', async () => {
    const item = await createItem(portal.t.db, { kind: 'BIOS' });
    const version = await createVersion(portal.t.db, portal.t.app.services.store, {
      itemId: item.id,
      version: '2.0.0',
    });
    await portal.t.db
      .update(catalogVersions)
      .set({ fileName: 'bios\u001b]0;pwned\u0007.bin' })
      .where(eq(catalogVersions.id, version.id));
    const out = `${newConfigHome()}/out`;
    const run = await runCli(['download', '--version-id', String(version.id), '--out', out], env);
    expect(run.code).toBe(EXIT.verification);
    expect(run.stderr).toContain('file name');
    expect(run.stderr.replaceAll('\n', '')).not.toMatch(CONTROL);
  });

  it("the server's error message is printed without them", async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ success: false, code: 1000001, message: `bad${ESCAPES}request`, data: null }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const run = await runCli(['search', 'x', '--url', `http://127.0.0.1:${port}`], {
        ...env,
        FWPORTAL_TOKEN: 'fwp_x',
      });
      expect(run.code).toBe(EXIT.error);
      expect(run.stderr).toMatch(/^fwportal: bad.*request \(code 1000001\)\n$/);
      expect(run.stderr.slice(0, -1)).not.toMatch(CONTROL);
    } finally {
      server.close();
    }
  });
});
