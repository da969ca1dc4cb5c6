/**
 * Product identification helpers (CSAF 2.0 section 3.1.3.3, optional test 6.2.16): what lets a
 * customer's scanner match a product of the document to its inventory. Every firmware version
 * gets a CPE 2.3 name and a purl, besides the model number or part number it is for.
 */

/**
 * `cpe:2.3:o:<vendor>:<product>:<version>:*:*:*:*:*:*:*` (NISTIR 7695 formatted string): firmware
 * is an operating-system part (`o`); values lower-cased as NVD writes them, spaces as `_`, the
 * punctuation the grammar reserves escaped with `\`, anything outside ASCII as `_`.
 */
export function cpeOf(vendor: string, product: string, version: string): string {
  return `cpe:2.3:o:${cpeValue(vendor)}:${cpeValue(product)}:${cpeValue(version)}:*:*:*:*:*:*:*`;
}

const CPE_PLAIN = /^[a-z0-9._-]$/;
const CPE_ESCAPED = /^[\\*?!"#$%&'()+,/:;<=>@[\]^`{|}~]$/;

function cpeValue(text: string): string {
  const value = [...text.trim().toLowerCase().replace(/\s+/g, '_')]
    .map((character) => {
      if (CPE_PLAIN.test(character)) return character;
      if (CPE_ESCAPED.test(character)) return `\\${character}`;
      return '_';
    })
    .join('');
  // An empty value is "not applicable" in CPE.
  return value || '-';
}

/**
 * `pkg:generic/<vendor>/<name>@<version>` (github.com/package-url/purl-spec): the vendor as a
 * lower-case slug, the name and version percent-encoded as the spec asks.
 */
export function purlOf(vendor: string, name: string, version: string): string {
  const namespace = vendor
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `pkg:generic/${encodeURIComponent(namespace || 'vendor')}/${encodeURIComponent(name)}@${encodeURIComponent(version)}`;
}

/** The firmware of a model or card, one kind: `m7-2u-bmc-firmware`, what CPE and purl call it. */
export function firmwareNameOf(owner: string, kind: string): string {
  return `${owner}-${kind}-firmware`.toLowerCase().replace(/\s+/g, '-');
}
