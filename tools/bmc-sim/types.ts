/** The simulator's public types (re-exported by index.ts: AUDIT and UPDATE code against them). */

export type ComponentKind = 'BMC' | 'BIOS' | 'PSU' | 'DISK' | 'NIC' | 'CPLD' | 'RAID' | 'PCIE' | 'OTHER';

export type SimComponent = {
  /** FirmwareInventory member id, e.g. 'BMC', 'BIOS', 'PSU1', 'NIC.Slot.3'. */
  id: string;
  kind: ComponentKind;
  version: string;
  /** SoftwareInventory SoftwareId. */
  softwareId?: string;
  /** PCIe cards: part number and slot. */
  pn?: string;
  slot?: string;
  /** Default true. */
  updateable?: boolean;
};

export type SimServer = { sn: string; model: string; components: SimComponent[] };

export type Misbehaviour = {
  /** Every answer waits this long. */
  delayMs?: number;
  /** Tasks stay Running at their percentage forever. */
  stallTasks?: boolean;
  /** The BMC goes away (connections refused) for resetMs mid-task, then comes back; the task is then Completed (or Exception if failUpdate). Sessions do not survive it. */
  resetDuringUpdate?: boolean;
  /** Default 3000. */
  resetMs?: number;
  /** Tasks end in Exception (ApplyFailed) and the version stays. */
  failUpdate?: boolean;
  /** The push/SimpleUpdate answers this. */
  rejectImage?: 413 | 503;
  /** The push answers 204 without a task (accepted, unconfirmed); the version changes only if applyNoTaskUpdate. */
  noTask?: boolean;
  applyNoTaskUpdate?: boolean;
  /** Where the SN is reported (default Systems; 'Chassis' = Systems has no SerialNumber). */
  serialLocation?: 'Systems' | 'Chassis';
  /** Members@odata.count differs from Members.length. */
  wrongMemberCount?: boolean;
  /** Some optional fields (RelatedItem, SoftwareId, Updateable) absent. */
  missingFields?: boolean;
  /** Where SimpleUpdate's target is (default 'Actions/UpdateService.SimpleUpdate'). */
  simpleUpdatePath?: 'Actions/SimpleUpdate' | 'Actions/UpdateService.SimpleUpdate';
  /** No MultipartHttpPushUri: clients must use SimpleUpdate. */
  noMultipart?: boolean;
  /** No SessionService (404): clients must use Basic auth. */
  basicOnly?: boolean;
};

export type ReceivedImage = {
  via: 'multipart' | 'simple';
  targets: string[];
  bytes: number;
  sha256: string;
  applyTime?: string;
};

export type SimBmc = {
  /** e.g. https://127.0.0.1:40123 */
  url: string;
  /** 127.0.0.1:40123 */
  host: string;
  user: string;
  password: string;
  /** Live state: versions change when an update completes. */
  server: SimServer;
  /** The self-signed certificate (PEM), null for http. */
  caPem: string | null;
  /** The certificate's SHA-256 fingerprint as Node prints it (AA:BB:...). */
  fingerprint256: string | null;
  /** Open sessions (to check clients log out). */
  sessions: () => number;
  received: () => ReceivedImage[];
  setMisbehaviour(m: Misbehaviour): void;
  /** Go away (connections refused) / come back on the SAME port. */
  stop(): Promise<void>;
  start(): Promise<void>;
};

export type BmcSimOptions = {
  servers: SimServer[];
  /** Default true. */
  tls?: boolean;
  /** Default 'admin' / 'bmc-sim-password'. */
  user?: string;
  password?: string;
  misbehaviour?: Misbehaviour;
  /** Time a task takes, default 2. */
  taskSeconds?: number;
  /** Listen on portBase, portBase+1, ... instead of ports the system picks. */
  portBase?: number;
};
