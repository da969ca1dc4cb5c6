import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { makeFirmwareImage, startBmcSim, type ComponentKind, type SimBmc, type SimServer } from './index';

/**
 * The test BMC checked by Redfish clients written by others: DMTF's redfishtool, OpenStack's sushy
 * and curl read the SN and the firmware versions and complete updates through it; then a few
 * misbehaviours seen from a plain Node client.
 */

const run = promisify(execFile);

const server = (sn: string): SimServer => ({
  sn,
  model: 'M7-2U',
  components: [
    { id: 'BMC', kind: 'BMC', version: '4.0.1', softwareId: 'M7-BMC' },
    { id: 'BIOS', kind: 'BIOS', version: 'U32 v2.7', softwareId: 'M7-BIOS' },
    { id: 'PSU1', kind: 'PSU', version: '1.0.1', softwareId: 'M7-PSU' },
    { id: 'Slot2.NIC', kind: 'PCIE', version: '22.31.1014', pn: 'PN-NIC-25G-2P', slot: 'slot2' },
  ],
});

let sim: Awaited<ReturnType<typeof startBmcSim>>;
let images: http.Server;
let imageBase: string;
let dir: string;
/** The python3 that has sushy (Debian's python3-sushy lives in the system interpreter). */
let python: string;

async function caFile(bmc: SimBmc) {
  const file = path.join(dir, `${bmc.host.replace(':', '-')}.pem`);
  await writeFile(file, bmc.caPem ?? '');
  return file;
}

type Reply = { status: number; location?: string; body: Record<string, unknown> };

/** A request (Basic auth) that trusts only the BMC's own certificate, so its SAN must fit 127.0.0.1. */
function call(
  bmc: SimBmc,
  method: string,
  pathname: string,
  payload?: Buffer,
  contentType?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = (bmc.caPem ? https : http).request(
      `${bmc.url}${pathname}`,
      {
        method,
        ca: bmc.caPem ?? undefined,
        auth: `${bmc.user}:${bmc.password}`,
        headers: contentType ? { 'content-type': contentType } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const get = (bmc: SimBmc, pathname: string) => call(bmc, 'GET', pathname);

function versionOf(bmc: SimBmc, id: string) {
  return bmc.server.components.find((c) => c.id === id)?.version;
}

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bmc-sim-test-'));
  python =
    ['python3', '/usr/bin/python3'].find((candidate) => {
      try {
        execFileSync(candidate, ['-c', 'import sushy'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    }) ?? 'python3';
  const files: Record<string, Buffer> = {
    '/bmc-4.1.2.bin': makeFirmwareImage({ kind: 'BMC', version: '4.1.2' }, 200_000),
    '/psu-1.1.2.bin': makeFirmwareImage({ kind: 'PSU', version: '1.1.2' }, 50_000),
  };
  images = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (req.url === '/moved') return void res.writeHead(302, { location: '/bmc-4.1.2.bin' }).end();
    res.writeHead(file ? 200 : 404).end(file);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  sim = await startBmcSim({
    servers: ['SIM0001', 'SIM0002', 'SIM0003', 'SIM0004', 'SIM0005', 'SIM0006', 'SIM0007'].map(server),
    taskSeconds: 1,
  });
});

afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => images?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe.concurrent('redfishtool (DMTF)', () => {
  const redfishtool = async (bmc: SimBmc, ...args: string[]) => {
    const { stdout } = await run(
      'redfishtool',
      ['-r', bmc.host, '-u', bmc.user, '-p', bmc.password, '-S', 'Always', ...args],
      {
        env: { ...process.env, REQUESTS_CA_BUNDLE: await caFile(bmc) },
      },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it('reads the SN and the firmware versions, with Basic auth and with a session it closes', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[0]!;
    expect(await redfishtool(bmc, 'Systems', '-I', '1', 'get')).toMatchObject({
      SerialNumber: 'SIM0001',
      Model: 'M7-2U',
      BiosVersion: 'U32 v2.7',
    });
    expect(await redfishtool(bmc, '-A', 'Session', 'Managers', '-I', '1', 'get')).toMatchObject({
      FirmwareVersion: '4.0.1',
    });
    const inventory = await redfishtool(
      bmc,
      '-A',
      'Session',
      'raw',
      'GET',
      '/redfish/v1/UpdateService/FirmwareInventory',
    );
    expect((inventory.Members as unknown[]).length).toBe(4);
    expect(
      await redfishtool(bmc, 'raw', 'GET', '/redfish/v1/UpdateService/FirmwareInventory/Slot2.NIC'),
    ).toMatchObject({
      Version: '22.31.1014',
      RelatedItem: [{ '@odata.id': '/redfish/v1/Chassis/1/PCIeDevices/1' }],
    });
    expect(bmc.sessions()).toBe(0);
  });

  it('runs a SimpleUpdate: the BMC fetches the image (through a redirect), redfishtool follows the task monitor to Completed', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[6]!;
    const body = JSON.stringify({
      ImageURI: `${imageBase}/moved`,
      TransferProtocol: 'HTTP',
      Targets: ['/redfish/v1/UpdateService/FirmwareInventory/BMC'],
    });
    const task = await redfishtool(
      bmc,
      '-A',
      'Session',
      'raw',
      'POST',
      '/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate',
      '-d',
      body,
    );
    expect(task).toMatchObject({ TaskState: 'Completed', PercentComplete: 100 });
    expect(versionOf(bmc, 'BMC')).toBe('4.1.2');
    expect(bmc.received()).toEqual([
      expect.objectContaining({
        via: 'simple',
        bytes: 200_000,
        targets: ['/redfish/v1/UpdateService/FirmwareInventory/BMC'],
      }),
    ]);
    expect(await redfishtool(bmc, 'Managers', '-I', '1', 'get')).toMatchObject({ FirmwareVersion: '4.1.2' });
  });
});

describe.concurrent('sushy (OpenStack)', () => {
  const script = `
import json, sys, time
import sushy
url, user, password, image = sys.argv[1:5]
auth = sushy.auth.SessionAuth(username=user, password=password)
root = sushy.Sushy(url + '/redfish/v1', auth=auth)
out = {'systems': [], 'firmware': {}}
for system in root.get_system_collection().get_members():
    out['systems'].append({'sn': system.serial_number, 'bios': system.bios_version})
updates = root.get_update_service()
for item in updates.firmware_inventory.get_members():
    out['firmware'][item.identity] = item.version
out['software'] = len(updates.software_inventory.get_members())
monitor = updates.simple_update(image, targets=['/redfish/v1/UpdateService/FirmwareInventory/PSU1'], transfer_protocol='HTTP')
seen = []
for _ in range(100):
    task = monitor.get_task()
    seen.append(task.percent_complete)
    if task.task_state in (sushy.TASK_STATE_COMPLETED, sushy.TASK_STATE_EXCEPTION):
        break
    time.sleep(0.1)
out['task'] = {'state': str(task.task_state.value), 'percents': seen, 'messages': [m.message_id for m in task.messages]}
out['psu'] = updates.firmware_inventory.get_member('/redfish/v1/UpdateService/FirmwareInventory/PSU1').version
auth.close()
print(json.dumps(out))
`;

  it('reads the SN and the firmware versions, runs a SimpleUpdate whose task progresses to Completed, and logs out', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[1]!;
    // requests lets REQUESTS_CA_BUNDLE override verify=: trust exactly the BMC's certificate.
    const { stdout } = await run(
      python,
      ['-c', script, bmc.url, bmc.user, bmc.password, `${imageBase}/psu-1.1.2.bin`],
      {
        env: { ...process.env, REQUESTS_CA_BUNDLE: await caFile(bmc) },
      },
    );
    const out = JSON.parse(stdout) as {
      systems: { sn: string; bios: string }[];
      firmware: Record<string, string>;
      software: number;
      task: { state: string; percents: number[]; messages: string[] };
      psu: string;
    };
    expect(out.systems).toEqual([{ sn: 'SIM0002', bios: 'U32 v2.7' }]);
    expect(out.firmware).toEqual({
      BMC: '4.0.1',
      BIOS: 'U32 v2.7',
      PSU1: '1.0.1',
      'Slot2.NIC': '22.31.1014',
    });
    expect(out.software).toBe(0);
    expect(out.task.state).toBe('Completed');
    expect(out.task.percents.at(-1)).toBe(100);
    expect(out.task.percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(out.task.messages.at(-1)).toBe('Update.1.1.UpdateSuccessful');
    expect(out.psu).toBe('1.1.2');
    expect(versionOf(bmc, 'PSU1')).toBe('1.1.2');
    expect(bmc.sessions()).toBe(0);
  });
});

describe.concurrent('curl', () => {
  it('pushes a multipart update (OnReset): staged until the system resets', async ({ expect }) => {
    const bmc = sim.bmcs[2]!;
    const image = path.join(dir, 'bmc.bin');
    await writeFile(image, makeFirmwareImage({ kind: 'BMC', version: '4.1.2' }, 100_000));
    const parameters = JSON.stringify({
      Targets: ['/redfish/v1/Managers/1'],
      '@Redfish.OperationApplyTime': 'OnReset',
    });
    const ca = await caFile(bmc);
    const curl = (...args: string[]) =>
      run('curl', ['-sS', '--cacert', ca, '-u', `${bmc.user}:${bmc.password}`, ...args]);
    const { stdout } = await curl(
      '-i',
      '-F',
      `UpdateParameters=${parameters};type=application/json`,
      '-F',
      `UpdateFile=@${image};type=application/octet-stream`,
      `${bmc.url}/redfish/v1/UpdateService/upload`,
    );
    expect(stdout).toMatch(/^HTTP\/1\.1 202/);
    const monitor = /^location: (\S+)/im.exec(stdout)?.[1];
    const done = await until(
      () => get(bmc, monitor!),
      (answer) => answer.status === 200,
    );
    expect(done.body).toMatchObject({
      TaskState: 'Completed',
      Messages: expect.arrayContaining([
        expect.objectContaining({ MessageId: 'Update.1.1.AwaitToActivate' }),
      ]),
    });
    expect(versionOf(bmc, 'BMC')).toBe('4.0.1');
    await curl(
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      '-d',
      '{"ResetType":"ForceRestart"}',
      `${bmc.url}/redfish/v1/Systems/1/Actions/ComputerSystem.Reset`,
    );
    expect(versionOf(bmc, 'BMC')).toBe('4.1.2');
    expect(bmc.received()).toEqual([
      expect.objectContaining({ via: 'multipart', bytes: 100_000, applyTime: 'OnReset' }),
    ]);
  });
});

describe.concurrent('misbehaviours', () => {
  /** A multipart push of a BIOS image (or of another kind's) to the BIOS. */
  const push = async (bmc: SimBmc, version: string, kind: ComponentKind = 'BIOS') => {
    const form = new FormData();
    form.set(
      'UpdateParameters',
      JSON.stringify({ Targets: ['/redfish/v1/UpdateService/FirmwareInventory/BIOS'] }),
    );
    form.set('UpdateFile', new Blob([makeFirmwareImage({ kind, version })]), 'bios.bin');
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return call(
      bmc,
      'POST',
      '/redfish/v1/UpdateService/upload',
      payload,
      encoded.headers.get('content-type')!,
    );
  };

  it('answers slowly, rejects images with 413 and 503, and hides the SN from Systems when told', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[3]!;
    bmc.setMisbehaviour({
      delayMs: 300,
      rejectImage: 413,
      serialLocation: 'Chassis',
      wrongMemberCount: true,
      basicOnly: true,
    });
    const started = Date.now();
    expect((await get(bmc, '/redfish/v1/Systems/1')).body.SerialNumber).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect((await get(bmc, '/redfish/v1/Chassis/1')).body.SerialNumber).toBe('SIM0004');
    const inventory = (await get(bmc, '/redfish/v1/UpdateService/FirmwareInventory')).body;
    expect(inventory['Members@odata.count']).not.toBe((inventory.Members as unknown[]).length);
    expect((await get(bmc, '/redfish/v1/SessionService')).status).toBe(404);
    expect((await push(bmc, '7.0.0')).status).toBe(413);
    bmc.setMisbehaviour({ rejectImage: 503 });
    expect((await push(bmc, '7.0.0')).status).toBe(503);
    expect(versionOf(bmc, 'BIOS')).toBe('U32 v2.7');
  });

  it('resets mid-task: connections refused, then back on the same port with the same certificate and the task Completed', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[4]!;
    bmc.setMisbehaviour({ resetDuringUpdate: true, resetMs: 1000 });
    const answer = await push(bmc, '6.2.0');
    expect(answer.status).toBe(202);
    await until(
      () =>
        get(bmc, '/redfish/v1').then(
          () => 'up',
          () => 'refused',
        ),
      (state) => state === 'refused',
    );
    const done = await until(
      () => get(bmc, answer.location!),
      (reply) => reply.status === 200,
    );
    expect(done.body).toMatchObject({ TaskState: 'Completed', PercentComplete: 100 });
    expect(versionOf(bmc, 'BIOS')).toBe('6.2.0');
  });

  it('stalls a task until told otherwise; an image of another kind ends its task in Exception', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[5]!;
    bmc.setMisbehaviour({ stallTasks: true });
    const stalled = await push(bmc, '6.3.0');
    await until(
      () => get(bmc, stalled.location!),
      (reply) => reply.body.PercentComplete === 50,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(bmc, stalled.location!)).body).toMatchObject({
      TaskState: 'Running',
      PercentComplete: 50,
    });
    bmc.setMisbehaviour({});
    await until(
      () => get(bmc, stalled.location!),
      (reply) => reply.status === 200,
    );
    expect(versionOf(bmc, 'BIOS')).toBe('6.3.0');

    const wrong = await push(bmc, '1.9.9', 'PSU');
    const failed = await until(
      () => get(bmc, wrong.location!),
      (reply) => reply.status === 200,
    );
    expect(failed.body).toMatchObject({
      TaskState: 'Exception',
      Messages: expect.arrayContaining([
        expect.objectContaining({ MessageId: 'Update.1.1.VerificationFailed' }),
      ]),
    });
    expect(versionOf(bmc, 'BIOS')).toBe('6.3.0');
  });
});
