import type { Locale } from '../locale';
import type {
  AdvisoryFacts,
  AffectedRow,
  Baseline,
  ComplianceContext,
  ComponentReading,
  Release,
  ReleaseIndex,
} from './types';

/** Test data for the engine's tests: releases, advisories, readings, contexts. */

let nextVersionId = 1;

/** A released version; ids are unique per test file unless given. */
export function release(version: string, extra: Partial<Release> = {}): Release {
  const versionId = extra.versionId ?? nextVersionId++;
  return {
    versionId,
    version,
    itemName: { zh: `固件 ${version}`, en: `Firmware ${version}` },
    fileName: `fw-${version}.bin`,
    fileSize: 1024,
    sha256: 'a'.repeat(64),
    rebootRequired: false,
    prerequisites: [],
    installOrder: 10,
    ...extra,
  };
}

export function releases(entries: Record<string, Release[]>): ReleaseIndex {
  return new Map(Object.entries(entries));
}

export function affected(row: Partial<AffectedRow> & Pick<AffectedRow, 'fixedIn'>): AffectedRow {
  return { modelId: null, pn: null, kind: 'BMC', affectedFrom: null, ...row };
}

export function advisory(
  advisoryId: string,
  rows: AffectedRow[],
  extra: Partial<Omit<AdvisoryFacts, 'affected'>> = {},
): AdvisoryFacts {
  return {
    advisoryId,
    severity: 'HIGH',
    baseScore: 7.5,
    vulnerabilities: [{ cve: `CVE-2026-${advisoryId.slice(-4)}` }],
    affected: rows,
    ...extra,
  };
}

export function context(
  parts: {
    releases?: ReleaseIndex;
    advisories?: AdvisoryFacts[];
    baselines?: Baseline[];
    locale?: Locale;
  } = {},
): ComplianceContext {
  return {
    releases: parts.releases ?? new Map(),
    advisories: parts.advisories ?? [],
    baselineOf: new Map((parts.baselines ?? []).map((baseline) => [baseline.modelId, baseline])),
    locale: parts.locale ?? 'en-US',
  };
}

export function reading(
  component: string,
  version: string,
  extra: Partial<Omit<ComponentReading, 'component' | 'version'>> = {},
): ComponentReading {
  const [kind, pn, slot] = component.split(':');
  return {
    component,
    kind: kind!,
    pn: pn ?? null,
    slot: slot ?? null,
    version,
    source: 'api',
    seenAt: '2026-06-01T00:00:00.000Z',
    contradicts: null,
    ...extra,
  };
}

export const MODEL = 7;
export const server = (
  extra: { pcieParts?: string[]; shipped?: Record<string, string>; modelId?: number } = {},
) => ({
  sn: 'SN-1',
  modelCode: 'R7',
  modelId: extra.modelId ?? MODEL,
  pcieParts: extra.pcieParts ?? [],
  shipped: extra.shipped ?? {},
});
