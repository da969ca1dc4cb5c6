import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntitledServer } from '../../../apps/server/src/test/entitlement-factories';
import { createUser } from '../../../apps/server/src/test/factories';
import { codeIn, lastMailTo } from '../../../apps/server/src/test/outbox';
import { EXIT } from './exit-codes.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

const COMPANY = 'Licence Test Servers Ltd';

/** `fwportal licence generate` for the entitled server, as a customer's script would call it. */
function generateArgs(input: { nodes: number; verifyCode: string; out: string }) {
  return [
    'licence',
    'generate',
    '--sn',
    entitledSn,
    '--machine-code',
    'ABC123XYZ',
    '--product',
    'ims-platform',
    '--version',
    '6.1.0',
    '--nodes',
    String(input.nodes),
    '--customer',
    COMPANY,
    '--contacts',
    'Li Lei',
    '--contact-info',
    '+86 138 0000 0000',
    '--verify-code',
    input.verifyCode,
    '--out',
    input.out,
  ];
}

let entitledSn = '';

describe('fwportal licence generate and file', () => {
  let portal: FleetPortal;
  let env: NodeJS.ProcessEnv;
  let home: string;
  const email = 'licences@example.com';

  beforeAll(async () => {
    portal = await startFleetPortal();
    // The vendor shipped a server to the company under a contract for the management platform.
    entitledSn = (await createEntitledServer(portal.t.db, { customer: COMPANY, nodes: 50 })).server.sn;
    // Staff assigned this customer to the company the server was shipped to: the entitlement is theirs.
    const customer = await createUser(portal.t.db, {
      roleCodes: ['customer'],
      organisation: COMPANY,
      email,
    });
    home = newConfigHome();
    env = cliEnv(home);
    const login = await loginWithToken(portal, env, { user: customer, scopes: ['licences'] });
    expect(login.code).toBe(EXIT.ok);
  });
  afterAll(async () => portal?.close());

  it('mails the code, generates an activation code with it into a private file, lists it and fetches it again', async () => {
    expect((await runCli(['licence', 'code'], env)).code).toBe(EXIT.ok);
    const code = codeIn((await lastMailTo(portal.t.db, email))?.body);
    expect(code).toMatch(/^\d{6}$/);
    const out = path.join(home, 'licence.txt');
    const generated = await runCli([...generateArgs({ nodes: 2, verifyCode: code, out }), '--json'], env);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(EXIT.ok);
    const activation = JSON.parse(generated.stdout) as { id: number; activationCode: string; nodes: number };
    expect(activation.nodes).toBe(2);
    expect(readFileSync(out, 'utf8').trim()).toBe(activation.activationCode);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const listed = await runCli(['licence', 'list', '--json'], env);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      totalRows: 1,
      rows: [{ id: activation.id, sn: entitledSn }],
    });
    const again = path.join(home, 'again.lic');
    const file = await runCli(['licence', 'file', String(activation.id), '--out', again], env);
    expect(file.code).toBe(EXIT.ok);
    expect(readFileSync(again, 'utf8')).toContain(activation.activationCode);
  });

  it('a used or wrong code is refused with the portal message, and nothing is written', async () => {
    const out = path.join(home, 'refused.txt');
    const refused = await runCli(generateArgs({ nodes: 1, verifyCode: '000000', out }), env);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr.length).toBeGreaterThan(0);
    expect(() => statSync(out)).toThrow();
  });
});
