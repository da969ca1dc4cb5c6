/**
 * The test BMC (issue 35): a real Redfish service in Node, many BMCs in one process, one port each.
 *
 * - Each BMC serves the DSP0266 tree: `/redfish`, `/redfish/v1` (ServiceRoot), Systems/1, Chassis/1
 *   (PowerSubsystem/PowerSupplies, Drives, NetworkAdapters, PCIeDevices), Managers/1, Systems/1/Storage,
 *   UpdateService (+ FirmwareInventory, MultipartHttpPushUri `/redfish/v1/UpdateService/upload`,
 *   `#UpdateService.SimpleUpdate`), SessionService/Sessions, TaskService/Tasks and task monitors
 *   (`/redfish/v1/TaskService/TaskMonitors/<id>`, the `Location` of every 202).
 * - Auth: Basic, or a session (POST Sessions → 201, `X-Auth-Token`, `Location`; DELETE logs out).
 *   `/redfish` and `/redfish/v1` answer without credentials. A reset (resetDuringUpdate) drops every session.
 * - HTTPS with a self-signed certificate per BMC (made with `openssl`, SAN IP:127.0.0.1 and
 *   DNS:localhost; `caPem`, `fingerprint256`), or plain HTTP with `tls: false`.
 * - Updates: images in the test format of {@link makeFirmwareImage} (`FWIMG <KIND>[:<PN>] <version>\n`
 *   then anything, or a .tar.gz whose first entry is such an image, as the demo catalogue's packages
 *   are), pushed as multipart/form-data (`UpdateParameters` JSON with `Targets` and
 *   `@Redfish.OperationApplyTime` Immediate|OnReset, `UpdateFile`) or fetched by the BMC itself from
 *   SimpleUpdate's `ImageURI` (HTTP or HTTPS, redirects followed, certificate not checked). Targets are
 *   FirmwareInventory member URIs (or their RelatedItem); without Targets the image goes to every
 *   component of its kind. The task runs `taskSeconds` (PercentComplete 0 → 100 in ten steps) and
 *   ends Completed (version changed; with OnReset the version changes at the next
 *   ComputerSystem.Reset / Manager.Reset, message AwaitToActivate) or Exception (TransferFailed,
 *   VerificationFailed when the header is missing or does not fit the target, ApplyFailed).
 * - Misbehaviours: see {@link Misbehaviour}; a version string the catalogue cannot order is just a
 *   component version such as 'U32 v2.7'.
 *
 * The hosts file `npm run bmc:sim` prints (and `fwportal audit --bmc-file` reads) is CSV with the
 * header `address,user,password`, one BMC a line (address = `https://127.0.0.1:PORT`).
 */
import { Bmc } from './bmc';
import { makeSelfSignedCertificate, type SelfSignedCertificate } from './tls';
import type { BmcSimOptions, SimBmc } from './types';

export type {
  ComponentKind,
  Misbehaviour,
  ReceivedImage,
  SimBmc,
  SimComponent,
  SimServer,
  BmcSimOptions,
} from './types';
export { makeFirmwareImage, parseFirmwareHeader, type FirmwareImageHeader } from './firmware-image';
export { hostsFileLines, writeAddressesFile, writeHostsFile } from './hosts-file';

export const DEFAULT_USER = 'admin';
export const DEFAULT_PASSWORD = 'bmc-sim-password';
/** Certificates made at once (each is an `openssl` run). */
const CERTIFICATE_CONCURRENCY = 8;

async function certificates(count: number): Promise<SelfSignedCertificate[]> {
  const made: SelfSignedCertificate[] = [];
  for (let i = 0; i < count; i += CERTIFICATE_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CERTIFICATE_CONCURRENCY, count - i) }, (_, j) =>
      makeSelfSignedCertificate(`bmc-sim-${i + j + 1}`),
    );
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Starts one simulated BMC per server (the servers are copied: `bmcs[i].server` is the live state). */
export async function startBmcSim(
  options: BmcSimOptions,
): Promise<{ bmcs: SimBmc[]; close(): Promise<void> }> {
  const tls = options.tls ?? true;
  const certs = tls ? await certificates(options.servers.length) : [];
  const bmcs = options.servers.map(
    (server, i) =>
      new Bmc({
        server: structuredClone(server),
        user: options.user ?? DEFAULT_USER,
        password: options.password ?? DEFAULT_PASSWORD,
        misbehaviour: options.misbehaviour ?? {},
        taskSeconds: options.taskSeconds ?? 2,
        certificate: certs[i] ?? null,
        port: options.portBase ? options.portBase + i : 0,
      }),
  );
  const close = async () => {
    await Promise.all(bmcs.map((bmc) => bmc.close()));
  };
  try {
    await Promise.all(bmcs.map((bmc) => bmc.start()));
  } catch (error) {
    await close();
    throw error;
  }
  return { bmcs: bmcs.map((bmc) => bmc.toSimBmc()), close };
}
