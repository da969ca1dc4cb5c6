import path from 'node:path';
import {
  type Misbehaviour,
  type SimBmc,
  startBmcSim,
  writeHostsFile,
} from '../../../../tools/bmc-sim/index.ts';
import { EXIT } from '../exit-codes.ts';
import type { ServerResult } from '../redfish/server-update.ts';
import { firmwareOf } from './fleet-catalogue.ts';
import { FLEET_MODEL } from './fleet-servers.ts';
import { loginWithToken, startFleetPortal } from './portal-fixture.ts';
import { cliEnv, newConfigHome } from './run-cli.ts';

/** What one simulated BMC of an update test does: how it misbehaves, whether its BMC firmware may be updated. */
export type BmcPart = { misbehaviour?: Misbehaviour; bmcUpdateable?: boolean };

/**
 * A fleet portal, a signed-in `fwportal` home and one simulated BMC per part (each running one of
 * the fleet customer's SNs, BMC and BIOS as shipped), for the `fwportal update` tests. Update
 * tasks take 0.5 s: the tests check outcomes, not how long a BMC works (issue 41).
 */
export async function startUpdateFleet<Part extends string>(parts: Record<Part, BmcPart>) {
  const names = Object.keys(parts) as Part[];
  const portal = await startFleetPortal();
  const home = newConfigHome();
  const env = cliEnv(home);
  let sim: Awaited<ReturnType<typeof startBmcSim>>;
  try {
    const login = await loginWithToken(portal, env, { scopes: ['catalog:read', 'download', 'inventory'] });
    if (login.code !== EXIT.ok) throw new Error(`fwportal login failed: ${login.stderr}`);
    const bmc = firmwareOf(portal.catalogue, 'BMC');
    const bios = firmwareOf(portal.catalogue, 'BIOS');
    sim = await startBmcSim({
      servers: names.map((name, i) => ({
        sn: portal.sns[i] ?? '',
        model: FLEET_MODEL,
        components: [
          { id: 'BMC', kind: 'BMC', version: bmc.installed, updateable: parts[name].bmcUpdateable ?? true },
          { id: 'BIOS', kind: 'BIOS', version: bios.installed },
        ],
      })),
      taskSeconds: 0.5,
    });
  } catch (error) {
    // The file's afterAll has no fleet to close: the portal goes here.
    await portal.close();
    throw error;
  }
  const bmcOf = (name: Part) => sim.bmcs[names.indexOf(name)] as SimBmc;
  for (const name of names) {
    const misbehaviour = parts[name].misbehaviour;
    if (misbehaviour) bmcOf(name).setMisbehaviour(misbehaviour);
  }
  return {
    portal,
    home,
    env,
    bmcOf,
    /** A hosts file (address,user,password; mode 0600) naming the BMCs of `names`. */
    hostsFile: (of: Part[]) => writeHostsFile(path.join(home, `hosts-${of.join('-')}.csv`), of.map(bmcOf)),
    /** The version of `kind` the BMC runs. */
    versionOf: (of: SimBmc, kind: string) => of.server.components.find((c) => c.kind === kind)?.version,
    /** What the portal says of one component of `sn` (My servers). */
    complianceOf: async (sn: string, component: string) => {
      const detail = await portal.t.app.services.compliance.server(portal.customer.id, sn, 'en-US');
      return detail.components.find((c) => c.component === component);
    },
    close: async () => {
      await sim.close();
      await portal.close();
    },
  };
}

export type UpdateFleet<Part extends string> = Awaited<ReturnType<typeof startUpdateFleet<Part>>>;

/** The servers of `fwportal update --json`. */
export const resultsOf = (stdout: string): ServerResult[] =>
  (JSON.parse(stdout) as { servers: ServerResult[] }).servers;
