import { SBOM_MAX_COMPONENTS } from '@portal/contract';
import { indexedComponent, type IndexedComponent, isObject, list, text } from './sbom-component';
import type { ProblemList } from './sbom-problems';

/** SPDX's words for "nobody said": not a supplier or a licence. */
const UNSAID = new Set(['NOASSERTION', 'NONE', '']);

/** `Organization: Example Ltd (ops@example.com)` -> `Example Ltd (ops@example.com)`. */
const partyName = (value: string) => value.replace(/^(Organization|Person|Tool):\s*/i, '').trim();

/**
 * SPDX 2.3 JSON is accepted and stored as given (issue 43): it must be SPDX 2.3 JSON with the
 * basic shape (spdxVersion, creationInfo with created and creators, packages with names), and
 * its packages are indexed (name, versionInfo, externalRefs purl/cpe, supplier, licenseConcluded,
 * else licenseDeclared). The TR-03183-2 essentials are CycloneDX's checks only.
 */
export function checkSpdx(doc: Record<string, unknown>, problems: ProblemList): IndexedComponent[] {
  const creation = doc.creationInfo;
  if (!isObject(creation))
    problems.add({ code: 'SBOM_SCHEMA_REQUIRED', field: 'creationInfo', params: { detail: 'creationInfo' } });
  else {
    if (!text(creation.created))
      problems.add({ code: 'SBOM_TIMESTAMP_MISSING', field: 'creationInfo.created' });
    if (list(creation.creators).length === 0)
      problems.add({ code: 'SBOM_CREATOR_MISSING', field: 'creationInfo.creators' });
  }
  if (!Array.isArray(doc.packages)) {
    problems.add({ code: 'SBOM_SCHEMA_REQUIRED', field: 'packages', params: { detail: 'packages' } });
    return [];
  }
  const components: IndexedComponent[] = [];
  doc.packages.forEach((item: unknown, index) => {
    if (components.length > SBOM_MAX_COMPONENTS) return;
    if (!isObject(item) || !text(item.name)) {
      problems.add({ code: 'SBOM_NAME_MISSING', field: `packages[${index}].name` });
      return;
    }
    let purl: string | null = null;
    let cpe: string | null = null;
    for (const ref of list(item.externalRefs)) {
      if (!isObject(ref)) continue;
      const type = text(ref.referenceType);
      if (type === 'purl' && !purl) purl = text(ref.referenceLocator) || null;
      if ((type === 'cpe23Type' || type === 'cpe22Type') && !cpe) cpe = text(ref.referenceLocator) || null;
    }
    const supplier = text(item.supplier);
    const licence = [text(item.licenseConcluded), text(item.licenseDeclared)].find((l) => !UNSAID.has(l));
    components.push(
      indexedComponent({
        name: text(item.name),
        version: text(item.versionInfo),
        purl,
        cpe,
        supplier: UNSAID.has(supplier) ? '' : partyName(supplier),
        licences: licence ? [licence] : [],
      }),
    );
  });
  if (components.length > SBOM_MAX_COMPONENTS)
    problems.add({
      code: 'SBOM_TOO_MANY_COMPONENTS',
      field: 'packages',
      params: { max: SBOM_MAX_COMPONENTS },
    });
  return components;
}
