/**
 * `npm run bmc:sim -- [--servers N] [--port-base N] [--http] [--task-seconds S] [--misbehave delay=500,stall,...]
 * [--misbehave-every K] [--odd-version] [--out DIR]`: starts simulated BMCs until Ctrl-C and writes
 * DIR/hosts.csv (`address,user,password`, what `fwportal audit --bmc-file` reads; each BMC's SN and
 * model follow as `#` comment lines) and DIR/ca.pem (every BMC's self-signed certificate, for `--ca-file`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoFleet } from './demo-fleet';
import { hostsFileLines } from './hosts-file';
import { startBmcSim, type Misbehaviour } from './index';

const USAGE = `usage: npm run bmc:sim -- [--servers N] [--port-base N] [--http] [--task-seconds S]
  [--misbehave delay=MS,stall,reset,reset-ms=MS,fail,reject=413|503,no-task,apply-no-task,serial-in-chassis,
               wrong-count,missing-fields,short-simple-update,no-multipart,basic-only]
  [--misbehave-every K] [--odd-version] [--user U] [--password P] [--out DIR]`;

/** `delay=500,stall,...` -> Misbehaviour. */
export function parseMisbehaviour(text: string): Misbehaviour {
  const m: Misbehaviour = {};
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, value = ''] = item.split('=');
    switch (key) {
      case 'delay':
        m.delayMs = Number(value);
        break;
      case 'stall':
        m.stallTasks = true;
        break;
      case 'reset':
        m.resetDuringUpdate = true;
        break;
      case 'reset-ms':
        m.resetMs = Number(value);
        break;
      case 'fail':
        m.failUpdate = true;
        break;
      case 'reject':
        if (value !== '413' && value !== '503') throw new Error(`reject=${value}: 413 or 503`);
        m.rejectImage = Number(value) as 413 | 503;
        break;
      case 'no-task':
        m.noTask = true;
        break;
      case 'apply-no-task':
        m.noTask = true;
        m.applyNoTaskUpdate = true;
        break;
      case 'serial-in-chassis':
        m.serialLocation = 'Chassis';
        break;
      case 'wrong-count':
        m.wrongMemberCount = true;
        break;
      case 'missing-fields':
        m.missingFields = true;
        break;
      case 'short-simple-update':
        m.simpleUpdatePath = 'Actions/SimpleUpdate';
        break;
      case 'no-multipart':
        m.noMultipart = true;
        break;
      case 'basic-only':
        m.basicOnly = true;
        break;
      default:
        throw new Error(`unknown misbehaviour ${key}`);
    }
  }
  if (Number.isNaN(m.delayMs) || Number.isNaN(m.resetMs))
    throw new Error('delay and reset-ms take milliseconds');
  return m;
}

async function main() {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string' },
      'port-base': { type: 'string' },
      http: { type: 'boolean', default: false },
      'task-seconds': { type: 'string', default: '2' },
      misbehave: { type: 'string', default: '' },
      'misbehave-every': { type: 'string', default: '1' },
      'odd-version': { type: 'boolean', default: false },
      user: { type: 'string' },
      password: { type: 'string' },
      out: { type: 'string', default: path.join(tmpdir(), 'bmc-sim') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const count = values.servers === undefined ? demoFleet().length : Number(values.servers);
  const every = Number(values['misbehave-every']);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(every) || every < 1) throw new Error(USAGE);
  const misbehaviour = parseMisbehaviour(values.misbehave);
  const servers = demoFleet(count);
  // A version the catalogue cannot order, as some vendors' BIOS report it.
  if (values['odd-version'])
    for (const c of servers[0]?.components ?? []) if (c.kind === 'BIOS') c.version = 'U32 v2.7';
  const started = Date.now();
  const sim = await startBmcSim({
    servers,
    tls: !values.http,
    ...(values.user ? { user: values.user } : {}),
    ...(values.password ? { password: values.password } : {}),
    taskSeconds: Number(values['task-seconds']),
    ...(values['port-base'] ? { portBase: Number(values['port-base']) } : {}),
  });
  sim.bmcs.forEach((bmc, i) => {
    if (i % every === 0) bmc.setMisbehaviour(misbehaviour);
  });
  await mkdir(values.out, { recursive: true });
  const hosts = [
    ...hostsFileLines(sim.bmcs),
    ...sim.bmcs.map((b) => `# ${b.url} ${b.server.sn} ${b.server.model}`),
  ].join('\n');
  const hostsFile = path.join(values.out, 'hosts.csv');
  await writeFile(hostsFile, `${hosts}\n`, { mode: 0o600 });
  const caFile = path.join(values.out, 'ca.pem');
  if (!values.http) await writeFile(caFile, sim.bmcs.map((b) => b.caPem).join(''));
  console.log(hosts);
  console.log(
    `\n${sim.bmcs.length} BMCs (${values.http ? 'http' : 'https, self-signed'}) started in ${Date.now() - started} ms`,
  );
  console.log(`hosts file: ${hostsFile}${values.http ? '' : `\nCA bundle:  ${caFile}`}`);
  console.log(
    `try: fwportal audit --bmc-file ${hostsFile}${values.http ? '' : ` --ca-file ${caFile}`}\nCtrl-C stops.`,
  );
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
