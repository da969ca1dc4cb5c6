import type { AdvisorySnapshot } from '../advisories.ts';
import type { ComponentCompliance, ServerCompliance } from '../inventory.ts';
import type { Locale } from '../locale.ts';
import type { VersionPrerequisite } from '../publishing.ts';
import type { InventoryKind, InventorySource } from './vocabulary.ts';

/** A released version a component may be updated to. */
export type Release = {
  versionId: number;
  version: string;
  itemName: { zh: string; en: string };
  fileName: string;
  fileSize: number;
  sha256: string;
  rebootRequired: boolean;
  prerequisites: VersionPrerequisite[];
  /** What staff set, else the item kind's default. */
  installOrder: number;
};

/**
 * Released versions (oldest first, in the product's version order) per `model:<id>:<kind>` and
 * `pn:<PN>` (`releaseKey`): what the catalogue offers, as the viewer may see it.
 */
export type ReleaseIndex = Map<string, Release[]>;

/** The key of a model's releases of one firmware kind, or of a card's (part number) releases. */
export const releaseKey = (of: { modelId: number; kind: string } | { pn: string }) =>
  'pn' in of ? `pn:${of.pn}` : `model:${of.modelId}:${of.kind}`;

/** A customer's baseline of one model: the version id pinned per component (`BMC`, `PCIE:<PN>`). */
export type Baseline = { modelId: number; name: string; versions: Record<string, number> };

/** One affected-product row of an advisory: the model's kind, or a card's part number, and the range. */
export type AffectedRow = Pick<
  AdvisorySnapshot['affected'][number],
  'modelId' | 'pn' | 'kind' | 'affectedFrom' | 'fixedIn' | 'status'
>;

/** What the rules read of a visible advisory. */
export type AdvisoryFacts = Pick<AdvisorySnapshot, 'advisoryId' | 'severity' | 'baseScore'> & {
  vulnerabilities: { cve: string }[];
  affected: AffectedRow[];
};

/** What one server is: its model, its cards and what it was shipped with (kind or PN -> version). */
export type ServerFacts = { modelId: number; pcieParts: string[]; shipped: Record<string, string> };

/** A component as last reported: what its state needs, nothing more. */
export type PlainReading = {
  /** `BMC`, or `PCIE:<PN>[:<slot>]`. */
  component: string;
  kind: string;
  pn: string | null;
  slot: string | null;
  version: string;
};

/** A reading with where and when it was learnt, and a contradicting earlier one kept beside. */
export type ComponentReading = PlainReading & {
  source: InventorySource;
  /** ISO 8601. */
  seenAt: string;
  contradicts: { version: string; source: InventorySource; seenAt: string } | null;
};

/**
 * What one computation compares servers with. Assessments are remembered per context object, so a
 * context must not change once used: build a new one when the releases, advisories, baselines or
 * the language change.
 */
export type ComplianceContext = {
  releases: ReleaseIndex;
  advisories: AdvisoryFacts[];
  /** Baselines by model id. */
  baselineOf: Map<number, Baseline>;
  /** The language the targets' item names are given in. */
  locale: Locale;
  /** Models past their end of security support (issue 43 §4): their servers are `unsupported`. */
  unsupportedModels?: ReadonlySet<number>;
};

/** One component of a server to assess: its reading (if any), the shipped version, the candidates. */
export type ComponentPart<R extends PlainReading = PlainReading> = {
  id: { kind: InventoryKind; pn: string | null; slot: string | null; key: string };
  reading: R | undefined;
  shipped: string | undefined;
  /** Releases for it, oldest first. */
  candidates: Release[];
};

/** A component's verdict: its state, how far behind, the target, and what decided them. */
export type Assessment = Pick<ComponentCompliance, 'state' | 'behind' | 'target'> & {
  /** The target is the baseline's pin, not the newest release. */
  pinned: boolean;
  affecting: ComponentCompliance['advisories'];
  /** Advisories still investigating the installed version (none of them affecting it). */
  investigating: ComponentCompliance['investigating'];
};

/** One server with every component's state, in install order. */
export type ServerReport = ServerCompliance & { components: ComponentCompliance[] };
