import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { demoCatalogItems } from '../../apps/server/src/db/seed/catalog-seed-data';
import { tarOfFiles } from '../../apps/server/src/db/seed/demo-archives';
import { demoPayload } from '../../apps/server/src/db/seed/seed-catalog';
import { demoFleet } from './demo-fleet';
import { makeFirmwareImage, startBmcSim, type SimBmc } from './index';

/**
 * The demo catalogue's packages (`npm start`, DEMO_FILE_MB > 0: a .tar.gz whose first entry is the
 * image) are firmware images to the test BMC, pushed or fetched; a gzip without the header is not.
 */

const items = demoCatalogItems();
const item = (code: string) => items.find((i) => i.code === code)!;
/** The newest version's package, with an image of `imageBytes`. */
const packageOf = (code: string, imageBytes = 64 * 1024) =>
  demoPayload(item(code), item(code).versions.at(-1)!, imageBytes).bytes;

let sim: Awaited<ReturnType<typeof startBmcSim>>;
let images: http.Server;
let imageBase: string;
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  files['/m7-psu.tar.gz'] = packageOf('m7-psu');
  images = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    res.writeHead(file ? 200 : 404).end(file);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  // The demo customer's M7-2U (BMC 4.0.1, PSUs 1.0.1, a 25GE NIC card 22.31.1014), over plain HTTP.
  sim = await startBmcSim({ servers: demoFleet().slice(0, 1), tls: false, taskSeconds: 0.2 });
});

afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => images?.close(resolve));
});

const auth = (bmc: SimBmc) => `Basic ${Buffer.from(`${bmc.user}:${bmc.password}`).toString('base64')}`;
const versionOf = (bmc: SimBmc, id: string) => bmc.server.components.find((c) => c.id === id)?.version;

/** Waits for the task of a 202 and answers its final state and message ids. */
async function taskOutcome(bmc: SimBmc, answer: Response) {
  if (answer.status !== 202) throw new Error(`answered ${answer.status}`);
  const monitor = `${bmc.url}${answer.headers.get('location')}`;
  const deadline = Date.now() + 8000;
  while (Date.now() < deadline) {
    const reply = await fetch(monitor, { headers: { authorization: auth(bmc) } });
    const body = (await reply.json()) as { TaskState: string; Messages: { MessageId: string }[] };
    if (reply.status === 200)
      return { state: body.TaskState, messages: body.Messages.map((m) => m.MessageId) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the task did not end');
}

function push(bmc: SimBmc, target: string, bytes: Buffer) {
  const form = new FormData();
  form.set('UpdateParameters', JSON.stringify({ Targets: [target] }));
  form.set('UpdateFile', new Blob([bytes]), 'package.tar.gz');
  return fetch(`${bmc.url}/redfish/v1/UpdateService/upload`, {
    method: 'POST',
    headers: { authorization: auth(bmc) },
    body: form,
  });
}

describe('demo catalogue packages on the test BMC', () => {
  it('installs a pushed BMC package and a PCIe package of the card part number', async ({ expect }) => {
    const bmc = sim.bmcs[0]!;
    const bmcPackage = packageOf('m7-bmc');
    expect(bmcPackage.subarray(0, 2).toString('hex')).toBe('1f8b');
    expect(await taskOutcome(bmc, await push(bmc, '/redfish/v1/Managers/1', bmcPackage))).toMatchObject({
      state: 'Completed',
    });
    expect(versionOf(bmc, 'BMC')).toBe(item('m7-bmc').versions.at(-1)!.version);
    const nic = '/redfish/v1/UpdateService/FirmwareInventory/Slot2.NIC';
    expect((await taskOutcome(bmc, await push(bmc, nic, packageOf('pcie-nic-25g')))).state).toBe('Completed');
    expect(versionOf(bmc, 'Slot2.NIC')).toBe('22.36.1010');
    // Another card's package does not fit this one.
    const other = await taskOutcome(bmc, await push(bmc, nic, packageOf('pcie-nic-10g')));
    expect(other).toMatchObject({
      state: 'Exception',
      messages: expect.arrayContaining(['Update.1.1.VerificationFailed']),
    });
  });

  it('installs a PSU package it fetches itself (SimpleUpdate)', async ({ expect }) => {
    const bmc = sim.bmcs[0]!;
    const answer = await fetch(`${bmc.url}/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate`, {
      method: 'POST',
      headers: { authorization: auth(bmc), 'content-type': 'application/json' },
      body: JSON.stringify({
        ImageURI: `${imageBase}/m7-psu.tar.gz`,
        Targets: ['/redfish/v1/UpdateService/FirmwareInventory/PSU1'],
      }),
    });
    expect((await taskOutcome(bmc, answer)).state).toBe('Completed');
    expect(versionOf(bmc, 'PSU1')).toBe(item('m7-psu').versions.at(-1)!.version);
    expect(bmc.received().at(-1)).toMatchObject({ via: 'simple', bytes: files['/m7-psu.tar.gz']!.length });
  });

  it('refuses a gzip without the header: a package of README only, random bytes, an image not first', async ({
    expect,
  }) => {
    const bmc = sim.bmcs[0]!;
    const before = versionOf(bmc, 'BIOS');
    const target = '/redfish/v1/UpdateService/FirmwareInventory/BIOS';
    const bios = item('m7-bios');
    const readmeFirst = gzipSync(
      tarOfFiles([
        ['README.txt', Buffer.from('read me\n')],
        ['bios.bin', makeFirmwareImage({ kind: 'BIOS', version: '9.0.0' })],
      ]),
    );
    for (const bytes of [
      demoPayload(bios, bios.versions.at(-1)!, 0).bytes,
      gzipSync(randomBytes(64 * 1024)),
      readmeFirst,
    ])
      expect(await taskOutcome(bmc, await push(bmc, target, bytes))).toMatchObject({
        state: 'Exception',
        messages: expect.arrayContaining(['Update.1.1.VerificationFailed']),
      });
    expect(versionOf(bmc, 'BIOS')).toBe(before);
  });
});
