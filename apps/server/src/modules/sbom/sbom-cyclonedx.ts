import { createHash } from 'node:crypto';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { indexedComponent, type IndexedComponent, isObject, list, text } from './sbom-component';
import { cpeKey, purlKey } from './sbom-keys';
import { SBOM_MAX_COMPONENTS, type SbomProblemCode } from '@portal/contract';
import { fieldOfPointer, type ProblemList } from './sbom-problems';

export const CYCLONEDX_VERSIONS = ['1.6', '1.5'] as const;

const validators = {
  '1.6': new Validation.JsonValidator(Spec.Version.v1dot6),
  '1.5': new Validation.JsonValidator(Spec.Version.v1dot5),
};

type AjvError = { instancePath?: string; keyword?: string; params?: Record<string, unknown> };

const SCHEMA_CODES: Record<string, SbomProblemCode> = {
  required: 'SBOM_SCHEMA_REQUIRED',
  type: 'SBOM_SCHEMA_TYPE',
  enum: 'SBOM_SCHEMA_ENUM',
  const: 'SBOM_SCHEMA_ENUM',
  additionalProperties: 'SBOM_SCHEMA_EXTRA',
  format: 'SBOM_SCHEMA_FORMAT',
  pattern: 'SBOM_SCHEMA_FORMAT',
};

/** Items of one array validated at once: the schema's `uniqueItems` compares every pair (quadratic). */
const SCHEMA_CHUNK = 256;
/** The document's arrays that grow with the software: validated a chunk at a time. */
const LARGE_ARRAYS = ['components', 'services', 'dependencies', 'vulnerabilities', 'annotations'];

/**
 * The CycloneDX JSON schema of the SBOM's version (the library's validator): one problem per
 * failure. The schema marks `components` and the other long arrays `uniqueItems`, which ajv
 * checks by comparing every pair: 42,000 components (20 MB) would take minutes. So each long
 * array is validated in chunks of SCHEMA_CHUNK items, each chunk in a copy of the document (same
 * rules, error paths shifted back), and their uniqueness is checked here in one pass over the
 * items' JSON text (items equal with their keys in another order are not caught).
 */
export async function checkCycloneDxSchema(
  bom: Record<string, unknown>,
  version: (typeof CYCLONEDX_VERSIONS)[number],
  problems: ProblemList,
): Promise<void> {
  const skeleton: Record<string, unknown> = { ...bom };
  const large: [string, unknown[]][] = [];
  for (const key of LARGE_ARRAYS) {
    const items = bom[key];
    if (!Array.isArray(items) || items.length <= SCHEMA_CHUNK) continue;
    large.push([key, items]);
    skeleton[key] = items.slice(0, SCHEMA_CHUNK);
  }
  const seen = new Set<string>();
  await validateChunk(skeleton, version, problems, seen, null);
  for (const [key, items] of large) {
    for (let start = SCHEMA_CHUNK; start < items.length; start += SCHEMA_CHUNK)
      await validateChunk(
        { ...skeleton, [key]: items.slice(start, start + SCHEMA_CHUNK) },
        version,
        problems,
        seen,
        { key, start },
      );
    const texts = new Map<string, number>();
    items.forEach((item, index) => {
      const json = JSON.stringify(item);
      const first = texts.get(json);
      if (first === undefined) texts.set(json, index);
      else
        problems.add({ code: 'SBOM_SCHEMA', field: `${key}[${index}]`, params: { detail: 'uniqueItems' } });
    });
  }
}

async function validateChunk(
  doc: Record<string, unknown>,
  version: (typeof CYCLONEDX_VERSIONS)[number],
  problems: ProblemList,
  seen: Set<string>,
  chunk: { key: string; start: number } | null,
): Promise<void> {
  const errors = await validators[version].validate(JSON.stringify(doc));
  if (errors === null) return;
  for (const error of (Array.isArray(errors) ? errors : [errors]) as AjvError[]) {
    let pointer = error.instancePath ?? '';
    // A chunk's item i is the document's item start + i; the rest of a chunk was checked before.
    if (chunk) {
      const match = new RegExp(`^/${chunk.key}/(\\d+)(.*)$`).exec(pointer);
      if (!match) continue;
      pointer = `/${chunk.key}/${Number(match[1]) + chunk.start}${match[2]}`;
    }
    const field = fieldOfPointer(pointer);
    const code = SCHEMA_CODES[error.keyword ?? ''] ?? 'SBOM_SCHEMA';
    const detail = String(
      error.params?.missingProperty ??
        error.params?.additionalProperty ??
        error.params?.type ??
        error.params?.format ??
        error.keyword ??
        '',
    );
    // anyOf/oneOf branches repeat one failure many times: each (place, kind, detail) once.
    const key = `${field}|${code}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.add({ code, field, params: { detail } });
  }
}

const hasParty = (party: unknown) =>
  isObject(party) && (text(party.name) !== '' || list(party.url).length > 0 || text(party.email) !== '');

/** Who made the component (TR-03183-2 "component creator"), by the fields CycloneDX 1.5/1.6 have. */
function supplierOf(component: Record<string, unknown>): string {
  for (const party of [component.supplier, component.manufacturer]) {
    if (isObject(party) && text(party.name)) return text(party.name);
    if (isObject(party) && list(party.url).length > 0) return text(list(party.url)[0]);
  }
  for (const author of list(component.authors))
    if (isObject(author) && text(author.name)) return text(author.name);
  return text(component.publisher) || text(component.author);
}

function licencesOf(component: Record<string, unknown>): string[] {
  const licences: string[] = [];
  for (const entry of list(component.licenses)) {
    if (!isObject(entry)) continue;
    if (text(entry.expression)) licences.push(text(entry.expression));
    const licence = entry.license;
    if (isObject(licence) && (text(licence.id) || text(licence.name)))
      licences.push(text(licence.id) || text(licence.name));
  }
  return licences;
}

/** Every component, nested ones too, with its place in the document. */
function* walk(components: unknown, path: string): Generator<[Record<string, unknown>, string]> {
  const items = list(components);
  for (let index = 0; index < items.length; index += 1) {
    const component = items[index];
    if (!isObject(component)) continue;
    const place = `${path}[${index}]`;
    yield [component, place];
    yield* walk(component.components, `${place}.components`);
  }
}

/**
 * The essentials of BSI TR-03183-2 for a CycloneDX SBOM: creator and timestamp of the SBOM; the
 * top component (the deployable file) with the file's SHA-512; each component's name, version,
 * supplier, licence and a unique identifier (purl or CPE, each well formed). The SHA-512 alone
 * may be missing: `fillSha512` writes it in. Answers the indexed components.
 */
export function checkCycloneDxEssentials(
  bom: Record<string, unknown>,
  fileSha512: string,
  problems: ProblemList,
): { components: IndexedComponent[]; sha512Present: boolean } {
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  const creators = [
    ...list(metadata.authors),
    metadata.manufacturer,
    metadata.manufacture,
    metadata.supplier,
  ];
  // TR-03183-2 wants a person or organisation to contact: the tool that wrote the file is not one.
  if (!creators.some(hasParty)) problems.add({ code: 'SBOM_CREATOR_MISSING', field: 'metadata.authors' });
  if (!text(metadata.timestamp))
    problems.add({ code: 'SBOM_TIMESTAMP_MISSING', field: 'metadata.timestamp' });

  let sha512Present = false;
  const top = metadata.component;
  if (!isObject(top)) problems.add({ code: 'SBOM_TOP_COMPONENT_MISSING', field: 'metadata.component' });
  else {
    if (!text(top.name)) problems.add({ code: 'SBOM_NAME_MISSING', field: 'metadata.component.name' });
    if (!text(top.version))
      problems.add({ code: 'SBOM_VERSION_MISSING', field: 'metadata.component.version' });
    for (const hash of list(top.hashes)) {
      if (!isObject(hash) || text(hash.alg).toUpperCase() !== 'SHA-512') continue;
      sha512Present = true;
      if (text(hash.content).toLowerCase() !== fileSha512)
        problems.add({ code: 'SBOM_HASH_MISMATCH', field: 'metadata.component.hashes' });
    }
  }

  const components: IndexedComponent[] = [];
  for (const [component, place] of walk(bom.components, 'components')) {
    if (components.length === SBOM_MAX_COMPONENTS) {
      problems.add({
        code: 'SBOM_TOO_MANY_COMPONENTS',
        field: 'components',
        params: { max: SBOM_MAX_COMPONENTS },
      });
      break;
    }
    const entry = checkComponent(component, place, problems);
    if (entry) components.push(entry);
  }
  return { components, sha512Present };
}

function checkComponent(
  component: Record<string, unknown>,
  place: string,
  problems: ProblemList,
): IndexedComponent | null {
  const name = text(component.name);
  const version = text(component.version);
  const supplier = supplierOf(component);
  const licences = licencesOf(component);
  const purl = text(component.purl) || null;
  const cpe = text(component.cpe) || null;
  if (!name) problems.add({ code: 'SBOM_NAME_MISSING', field: `${place}.name` });
  if (!version) problems.add({ code: 'SBOM_VERSION_MISSING', field: `${place}.version` });
  if (!supplier) problems.add({ code: 'SBOM_SUPPLIER_MISSING', field: `${place}.supplier` });
  if (licences.length === 0) problems.add({ code: 'SBOM_LICENCE_MISSING', field: `${place}.licenses` });
  if (!purl && !cpe) problems.add({ code: 'SBOM_IDENTIFIER_MISSING', field: `${place}.purl` });
  if (purl && !purlKey(purl)) problems.add({ code: 'SBOM_PURL_INVALID', field: `${place}.purl` });
  if (cpe && !cpeKey(cpe)) problems.add({ code: 'SBOM_CPE_INVALID', field: `${place}.cpe` });
  return name ? indexedComponent({ name, version, purl, cpe, supplier, licences }) : null;
}

/** The SBOM with the file's SHA-512 added to its top component's hashes (the rest as it was). */
export function fillSha512(bom: Record<string, unknown>, fileSha512: string): Buffer {
  const metadata = bom.metadata as Record<string, unknown>;
  const top = metadata.component as Record<string, unknown>;
  top.hashes = [...list(top.hashes), { alg: 'SHA-512', content: fileSha512 }];
  return Buffer.from(`${JSON.stringify(bom, null, 2)}\n`, 'utf8');
}

export const sha512Hex = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');
