import { cpeKey, componentVersionKey, nameKey, purlKey, purlVersion } from './sbom-keys';

/** A component as stored in catalog_sbom_components (without its version id). */
export type IndexedComponent = {
  name: string;
  version: string;
  versionKey: string;
  purl: string | null;
  purlKey: string | null;
  cpe: string | null;
  cpeKey: string | null;
  nameKey: string;
  supplier: string;
  licences: string[];
};

/** A component's row: the version falls back to the purl's, keys from sbom-keys.ts. */
export function indexedComponent(input: {
  name: string;
  version: string;
  purl: string | null;
  cpe: string | null;
  supplier: string;
  licences: string[];
}): IndexedComponent {
  const purl = input.purl?.trim() || null;
  const cpe = input.cpe?.trim() || null;
  const version = input.version.trim() || (purl ? purlVersion(purl) : '');
  return {
    name: input.name.trim(),
    version,
    versionKey: componentVersionKey(version),
    purl,
    purlKey: purl ? purlKey(purl) : null,
    cpe,
    cpeKey: cpe ? cpeKey(cpe) : null,
    nameKey: nameKey(input.name),
    supplier: input.supplier.trim(),
    licences: input.licences,
  };
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
