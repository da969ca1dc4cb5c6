import type { SbomFormat } from '@portal/contract';
import { isObject, text, type IndexedComponent } from './sbom-component';
import {
  checkCycloneDxEssentials,
  checkCycloneDxSchema,
  CYCLONEDX_VERSIONS,
  fillSha512,
} from './sbom-cyclonedx';
import { ProblemList, type SbomProblem } from './sbom-problems';
import { checkSpdx } from './sbom-spdx';

export type CheckedSbom =
  | {
      accepted: true;
      format: SbomFormat;
      specVersion: string;
      components: IndexedComponent[];
      /** The bytes to store: as given, or with the file's SHA-512 written in (`sha512Filled`). */
      bytes: Buffer;
      sha512Filled: boolean;
    }
  | { accepted: false; problems: SbomProblem[] };

/**
 * Reads and checks an uploaded SBOM against the version's deployable file (its SHA-512, hex):
 * CycloneDX 1.6 or 1.5 JSON (the library's schema validator, then the TR-03183-2 essentials) or
 * SPDX 2.3 JSON (basic shape). Refuses with every problem found (up to SBOM_MAX_PROBLEMS).
 * CPU-bound: large files run in a worker (sbom-parser.ts).
 */
export async function checkSbom(bytes: Buffer, fileSha512: string): Promise<CheckedSbom> {
  const problems = new ProblemList();
  const refused = () => ({ accepted: false as const, problems: problems.all() });
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch {
    problems.add({ code: 'SBOM_NOT_JSON', field: '$' });
    return refused();
  }
  if (!isObject(doc)) {
    problems.add({ code: 'SBOM_FORMAT_UNKNOWN', field: '$' });
    return refused();
  }

  if (doc.bomFormat === 'CycloneDX') {
    const specVersion = text(doc.specVersion);
    const version = CYCLONEDX_VERSIONS.find((v) => v === specVersion);
    if (!version) {
      problems.add({ code: 'SBOM_SPEC_VERSION', field: 'specVersion', params: { detail: specVersion } });
      return refused();
    }
    await checkCycloneDxSchema(doc, version, problems);
    const { components, sha512Present } = checkCycloneDxEssentials(doc, fileSha512, problems);
    if (!problems.empty) return refused();
    const sha512Filled = !sha512Present;
    return {
      accepted: true,
      format: 'cyclonedx',
      specVersion,
      components,
      bytes: sha512Filled ? fillSha512(doc, fileSha512) : bytes,
      sha512Filled,
    };
  }

  if (typeof doc.spdxVersion === 'string') {
    if (doc.spdxVersion !== 'SPDX-2.3') {
      problems.add({ code: 'SBOM_SPEC_VERSION', field: 'spdxVersion', params: { detail: doc.spdxVersion } });
      return refused();
    }
    const components = checkSpdx(doc, problems);
    if (!problems.empty) return refused();
    return { accepted: true, format: 'spdx', specVersion: '2.3', components, bytes, sha512Filled: false };
  }

  problems.add({ code: 'SBOM_FORMAT_UNKNOWN', field: '$' });
  return refused();
}
