/*
 * What other modules may use of the advisories (issue 33): the wiring, the reader that fleet
 * compliance and the installed base ask which visible advisories name their models, cards or a
 * CVE, and the snapshot of a revision. Everything else in this folder is the module's own
 * (`.dependency-cruiser.cjs`: server-modules-through-public-entry).
 */
export { type AdvisoryServices, createAdvisoryServices } from './advisory-services';
export type { AdvisoryReaderService } from './advisory-reader.service';
export type { AdvisoryAuthoring } from './advisory-authoring.service';
export { snapshotOf, snapshotTextsOf } from './advisory-snapshot';
