import { versionSortKey } from '@portal/contract';
import { PackageURL } from 'packageurl-js';

/**
 * The search keys of an SBOM component (issue 43), computed once when the SBOM is stored and
 * again from what a search asks, so the two always agree:
 * - purl: `pkg:type/namespace/name`, normalised by packageurl-js (types and, where the purl spec
 *   says so, names in lower case), then lower-cased whole; version, qualifiers and subpath dropped;
 * - CPE: `vendor:product` of a CPE 2.3 formatted string or a CPE 2.2 URI, lower case;
 * - name: lower case, trimmed;
 * - version: versionSortKey (the catalogue's one version order), compared with collate "C".
 */

/** The purl's package without its version, or null when the text is not a purl. */
export function purlKey(purl: string): string | null {
  try {
    const parsed = PackageURL.fromString(purl.trim());
    const namespace = parsed.namespace ? `${parsed.namespace}/` : '';
    return `pkg:${parsed.type}/${namespace}${parsed.name}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The purl's own version (after `@`), or '' when it has none or is no purl. */
export function purlVersion(purl: string): string {
  try {
    return PackageURL.fromString(purl.trim()).version ?? '';
  } catch {
    return '';
  }
}

// cpe:2.3:part:vendor:product:version:... (colons inside a field are escaped as `\:`).
const CPE23 = /^cpe:2\.3:[aho*-]:((?:[^:\\]|\\.)+):((?:[^:\\]|\\.)+)(?::(?:[^:\\]|\\.)*){8}$/i;
// cpe:/part:vendor:product[:version...]
const CPE22 = /^cpe:\/[aho]?:([^:]+):([^:]+)(?::[^:]*){0,5}$/i;

/** Vendor and product of a CPE name, `vendor:product` in lower case; null when it is none. */
export function cpeKey(cpe: string): string | null {
  const text = cpe.trim();
  const match = CPE23.exec(text) ?? CPE22.exec(text);
  if (!match) return null;
  return `${match[1]}:${match[2]}`.toLowerCase();
}

/** What a search names as CPE: a whole CPE name, or `vendor:product` alone. */
export function cpeQueryKey(cpe: string): string | null {
  const whole = cpeKey(cpe);
  if (whole) return whole;
  const pair = /^([^:\s]+):([^:\s]+)$/.exec(cpe.trim());
  return pair ? `${pair[1]}:${pair[2]}`.toLowerCase() : null;
}

export const nameKey = (name: string) => name.trim().toLowerCase();

/** The component version's place in the catalogue's version order (see version-order.ts). */
export const componentVersionKey = (version: string) => versionSortKey(version);
