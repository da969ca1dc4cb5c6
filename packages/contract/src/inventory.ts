import { z } from 'zod';
import {
  ADVISORY_SEVERITIES,
  COMPLIANCE_STATES,
  INVENTORY_KINDS,
  INVENTORY_SOURCES,
  PREREQUISITE_STATUSES,
} from './compliance/vocabulary';
import { pageOf, pageQuerySchema } from './paging';
import { isVisibleText } from './visible-text';

/**
 * Fleet compliance (issue 34): what each server runs, reported with a date and a source, and
 * how that compares with what the catalogue offers. Only servers the reporter owns (verified,
 * or shipped to their staff-assigned organisation) take reports; any other SN is answered as
 * unknown, exactly like one never shipped.
 */

// The lists live with the rule engine, free of zod (the CLI bundles them).
export {
  COMPLIANCE_STATES,
  type ComplianceState,
  INVENTORY_KINDS,
  type InventoryKind,
  INVENTORY_SOURCES,
  type InventorySource,
  PREREQUISITE_STATUSES,
  type PrerequisiteStatus,
} from './compliance/vocabulary';

export const INVENTORY_LIMITS = {
  /** Servers in one report (API or upload). */
  servers: 10_000,
  componentsPerServer: 64,
  version: 64,
  /** An uploaded CSV at most. */
  uploadBytes: 8 * 1024 * 1024,
} as const;

export const inventoryComponentSchema = z
  .object({
    kind: z.string().trim().toUpperCase().pipe(z.enum(INVENTORY_KINDS)),
    /** PCIe cards: the part number and, when a server has two of them, the slot. */
    // None holds a control, bidi or zero-width character: shown on pages and in exports, one
    // version could read as another (`1.0\u202E0.9`) (issue 40 §3).
    pn: z.string().trim().toUpperCase().min(1).max(64).refine(isVisibleText).optional(),
    slot: z.string().trim().max(32).refine(isVisibleText).optional(),
    version: z.string().trim().min(1).max(INVENTORY_LIMITS.version).refine(isVisibleText),
  })
  .refine((component) => (component.kind === 'PCIE') === (component.pn !== undefined), {
    message: 'FIELD_INVALID',
    path: ['pn'],
  });
export type InventoryComponent = z.infer<typeof inventoryComponentSchema>;

export const inventoryServerSchema = z.object({
  sn: z.string().trim().toUpperCase().min(1).max(64),
  /** When the versions were read (default: now); never in the future. */
  seenAt: z.iso.datetime({ offset: true }).optional(),
  components: z.array(inventoryComponentSchema).min(1).max(INVENTORY_LIMITS.componentsPerServer),
});
export const inventoryReportSchema = z.object({
  /** `audit` when a tool read the versions from the servers themselves (fwportal audit). */
  source: z.enum(['api', 'audit']).default('api'),
  servers: z.array(inventoryServerSchema).min(1).max(INVENTORY_LIMITS.servers),
});
export type InventoryReport = z.infer<typeof inventoryReportSchema>;

export const inventoryReportResultSchema = z.object({
  /** Servers whose report was stored. */
  accepted: z.number().int(),
  /** Components whose version differs from what was known before. */
  changed: z.number().int(),
  /** SNs not taken: not shipped, or not the reporter's (the two are not told apart). */
  unknown: z.array(z.string()),
});
export type InventoryReportResult = z.infer<typeof inventoryReportResultSchema>;

/** The portal's `component` key of a report line: `BMC`, or `PCIE:<PN>[:<slot>]`. */
export function componentKeyOf(component: Pick<InventoryComponent, 'kind' | 'pn' | 'slot'>): string {
  if (component.kind !== 'PCIE') return component.kind;
  return component.slot ? `PCIE:${component.pn}:${component.slot}` : `PCIE:${component.pn}`;
}

// ---- compliance ----

export const componentComplianceSchema = z.object({
  component: z.string(),
  kind: z.enum(INVENTORY_KINDS),
  pn: z.string().nullable(),
  slot: z.string().nullable(),
  installed: z.string().nullable(),
  source: z.enum(INVENTORY_SOURCES).nullable(),
  seenAt: z.string().nullable(),
  /** Another source reported another version earlier: shown beside, never silently replaced. */
  contradicts: z
    .object({ version: z.string(), source: z.enum(INVENTORY_SOURCES), seenAt: z.string() })
    .nullable(),
  state: z.enum(COMPLIANCE_STATES),
  /** Released versions between the installed one and the target (outdated only). */
  behind: z.number().int(),
  target: z
    .object({
      versionId: z.number().int(),
      version: z.string(),
      itemName: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
      sha256: z.string(),
      /** Installing the target restarts the server. */
      rebootRequired: z.boolean(),
      /**
       * Components to bring to a minimum version before the target, each judged against what
       * THIS server runs, in the portal's version order: `satisfied`, `unsatisfied` (older, or
       * not installed at all), `unknown` (no report for it, or a version that cannot be ordered).
       */
      prerequisites: z.array(
        z.object({
          component: z.string(),
          minVersion: z.string(),
          installed: z.string().nullable(),
          status: z.enum(PREREQUISITE_STATUSES),
        }),
      ),
      /** Lower first: the version's order, else its kind's default (DEFAULT_INSTALL_ORDER). */
      installOrder: z.number().int(),
    })
    .nullable(),
  /** The baseline the target comes from (null: the newest release). */
  baseline: z.string().nullable(),
  /** Advisories the installed version is affected by, highest severity first. */
  advisories: z.array(
    z.object({
      advisoryId: z.string(),
      severity: z.enum(ADVISORY_SEVERITIES),
      baseScore: z.number(),
      cves: z.array(z.string()),
      fixedIn: z.string(),
    }),
  ),
  /**
   * Advisories that say of the installed version that the vendor is still investigating whether
   * it is affected (VEX `under_investigation`, issue 43 §2), highest severity first; none of them
   * is among `advisories`. No fix is known for them.
   */
  investigating: z.array(
    z.object({
      advisoryId: z.string(),
      severity: z.enum(ADVISORY_SEVERITIES),
      baseScore: z.number(),
      cves: z.array(z.string()),
    }),
  ),
});
export type ComponentCompliance = z.infer<typeof componentComplianceSchema>;

export const serverComplianceSchema = z.object({
  sn: z.string(),
  model: z.string(),
  state: z.enum(COMPLIANCE_STATES),
  /** Newest report of any component (null: never reported). */
  lastReport: z.string().nullable(),
  counts: z.record(z.enum(COMPLIANCE_STATES), z.number().int()),
});
export type ServerCompliance = z.infer<typeof serverComplianceSchema>;

export const fleetQuerySchema = pageQuerySchema.extend({
  state: z.enum(COMPLIANCE_STATES).optional(),
  model: z.string().trim().toUpperCase().max(64).optional(),
  /** Part of an SN. */
  sn: z.string().trim().toUpperCase().max(64).optional(),
});
export type FleetQuery = z.infer<typeof fleetQuerySchema>;
export const FLEET_SORT_FIELDS = ['sn', 'model', 'state', 'lastReport'] as const;

export const fleetPageSchema = pageOf(serverComplianceSchema).extend({
  /** Servers per worst state over the whole fleet (not only this page). */
  summary: z.record(z.enum(COMPLIANCE_STATES), z.number().int()),
});
export type FleetPage = z.infer<typeof fleetPageSchema>;

export const fleetServerParamsSchema = z.object({ sn: z.string().trim().toUpperCase().min(1).max(64) });
/**
 * One server with its components IN INSTALL ORDER (the target's `installOrder`, then the
 * component key): a client updating the outdated ones applies them top to bottom, after
 * checking each target's `prerequisites`.
 */
export const fleetServerDetailSchema = serverComplianceSchema.extend({
  components: z.array(componentComplianceSchema),
});
export type FleetServerDetail = z.infer<typeof fleetServerDetailSchema>;

export const FLEET_EXPORT_FORMATS = ['csv', 'json'] as const;
export const fleetExportQuerySchema = z.object({
  format: z.enum(FLEET_EXPORT_FORMATS).default('csv'),
  state: z.enum(COMPLIANCE_STATES).optional(),
});

/** The CSV an upload takes (first line: these names; UTF-8, comma separated). */
export const INVENTORY_CSV_COLUMNS = ['sn', 'kind', 'pn', 'slot', 'version', 'seen_at'] as const;
export const inventoryUploadQuerySchema = z.object({
  /** '1': check and preview only, change nothing. */
  dryRun: z.enum(['0', '1']).default('0'),
});
export const inventoryUploadResultSchema = z.object({
  /** False for a preview, and whenever a line is wrong: then nothing at all is written. */
  applied: z.boolean(),
  lines: z.number().int(),
  servers: z.number().int(),
  /** Already in the reader's language. */
  errors: z.array(z.object({ line: z.number().int(), sn: z.string(), message: z.string() })),
  /** What would change (or changed), the first 500. */
  changes: z.array(
    z.object({ sn: z.string(), component: z.string(), from: z.string().nullable(), to: z.string() }),
  ),
  changed: z.number().int(),
});
export type InventoryUploadResult = z.infer<typeof inventoryUploadResultSchema>;

// ---- baselines ----

/**
 * A baseline pins, for one model, the version each component should run (a named set, as
 * OpenManage Enterprise's firmware baselines do); compliance then compares with it instead of
 * the newest release. Keys are component kinds (BMC, BIOS …) or `PCIE:<PN>`.
 */
export const fleetBaselineInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  versions: z
    .record(z.string().trim().toUpperCase().max(80), z.number().int().min(1))
    .refine((versions) => Object.keys(versions).length > 0 && Object.keys(versions).length <= 64, {
      message: 'FIELD_INVALID',
    }),
});
export type FleetBaselineInput = z.infer<typeof fleetBaselineInputSchema>;
export const fleetBaselineSchema = z.object({
  model: z.string(),
  name: z.string(),
  versions: z.array(z.object({ component: z.string(), versionId: z.number().int(), version: z.string() })),
  updateTime: z.string(),
});
export type FleetBaseline = z.infer<typeof fleetBaselineSchema>;
/** A model code as the catalogue writes them (M7-2U): anything else names no model and is refused. */
export const fleetBaselineParamsSchema = z.object({
  model: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(64)
    .regex(/^[A-Z0-9._-]+$/),
});

// ---- the vendor's view ----

/** Staff (sysDashboard:page): how many servers run each version of a kind, and who is exposed. */
export const installedBaseQuerySchema = z.object({
  kind: z.string().trim().toUpperCase().pipe(z.enum(INVENTORY_KINDS)),
  model: z.string().trim().toUpperCase().max(64).optional(),
  pn: z.string().trim().toUpperCase().max(64).optional(),
  cve: z.string().trim().toUpperCase().max(32).optional(),
});
/**
 * With `cve`: `counted`, the servers and customers whose installed version an advisory naming it
 * affects (0 is a real 0); `notConcerned`, no advisory naming it names this kind (or this card),
 * `kinds` being what they do name (a kind, or a card's part number); `noAdvisory`, no published
 * advisory names it. Never a 0 that means "not computed".
 */
export const installedBaseExposureSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('counted'), servers: z.number().int(), customers: z.number().int() }),
  z.object({ status: z.literal('notConcerned'), kinds: z.array(z.string()) }),
  z.object({ status: z.literal('noAdvisory') }),
]);
export const installedBaseSchema = z.object({
  /**
   * Servers per installed version, in the product's version order (newest first). Kind PCIE
   * without a part number: per card part number (`pn`, in its order) and version, as versions of
   * two cards do not compare; `pn` is null otherwise.
   */
  versions: z.array(
    z.object({
      pn: z.string().nullable(),
      version: z.string(),
      servers: z.number().int(),
      customers: z.number().int(),
    }),
  ),
  /** Servers counted once each, even when they carry several of the cards counted. */
  servers: z.number().int(),
  exposed: installedBaseExposureSchema.nullable(),
});
export type InstalledBase = z.infer<typeof installedBaseSchema>;

// ---- Redfish SoftwareIds (fwportal audit) ----

/**
 * GET /api/fleet/software-ids (a session, or a personal access token with the `inventory`
 * scope, the one `fwportal audit` needs to report): every Redfish SoftwareInventory
 * `SoftwareId` that staff recorded on a catalogue item the caller may see, and the component
 * it stands for. `fwportal audit` maps a BMC's FirmwareInventory entry whose `SoftwareId`
 * equals `softwareId` (compare exactly, after trimming) to `kind`; for a PCIe card (`kind`
 * PCIE) the entry is `PCIE:<PN>` for one of `parts` (the part numbers the item's published
 * versions support; when there are several, the card's own PN read from the BMC decides).
 * Entries without a recorded SoftwareId fall back to `RelatedItem` (issue 35). One id may
 * appear on items of several kinds only by staff error: then every mapping is listed, and
 * the client should report the entry as unmapped.
 */
export const softwareIdMapSchema = z.object({
  entries: z.array(
    z.object({
      softwareId: z.string(),
      kind: z.enum(INVENTORY_KINDS),
      parts: z.array(z.string()),
      itemCode: z.string(),
    }),
  ),
});
export type SoftwareIdMap = z.infer<typeof softwareIdMapSchema>;

/** "Download what is missing": an SN bundle task limited to the outdated and vulnerable components. */
export const fleetBundleBodySchema = z.object({
  sns: z.array(z.string().trim().toUpperCase().min(1).max(64)).min(1).max(500),
});
