import type { AdvisoryTlp } from '@portal/contract';

/**
 * Where the CSAF distribution lives (CSAF 2.0 section 7.1): everything under the provider's
 * `/.well-known/csaf/`, one folder per TLP label, documents in folders by year of first release.
 */
export const CSAF_ROOT = '/.well-known/csaf';
export const PROVIDER_METADATA_PATH = `${CSAF_ROOT}/provider-metadata.json`;
export const ROLIE_SERVICE_PATH = `${CSAF_ROOT}/service.json`;

export const tlpFolderOf = (tlp: AdvisoryTlp) => tlp.toLowerCase();
export const rolieFeedPathOf = (tlp: AdvisoryTlp) =>
  `${CSAF_ROOT}/${tlpFolderOf(tlp)}/csaf-feed-tlp-${tlpFolderOf(tlp)}.json`;
export const csafDocumentPathOf = (tlp: AdvisoryTlp, year: string, fileName: string) =>
  `${CSAF_ROOT}/${tlpFolderOf(tlp)}/${year}/${fileName}`;
export const openPgpKeyPathOf = (fingerprint: string) => `${CSAF_ROOT}/openpgp/${fingerprint}.asc`;
