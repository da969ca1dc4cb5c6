/**
 * VEX (issue 43 §2): what an advisory says about each product it names, as CSAF 2.0's
 * `product_status` spells it. Free of zod: the compliance rules and the CLI use the lists too.
 *
 * - `known_affected`: the versions of the range are vulnerable (the only status that makes a
 *   server "vulnerable" in My servers);
 * - `known_not_affected`: they are not, with a justification flag and an impact statement;
 * - `under_investigation`: the vendor does not know yet;
 * - `fixed`: the versions of the range contain the fix.
 */
export const VEX_STATUSES = ['known_affected', 'under_investigation', 'known_not_affected', 'fixed'] as const;
export type VexStatus = (typeof VEX_STATUSES)[number];

/**
 * What the CVE lookup says of one component, worst first: a VEX status, or `unknown` for a version
 * the catalogue cannot order or none reported, which no range is judged to hold (My servers calls
 * such a component unknown too: rowVerdictFor). Nothing is known to be wrong with it, nor right: after under
 * investigation, before not affected.
 */
export const CVE_LOOKUP_STATUSES = [
  'known_affected',
  'under_investigation',
  'unknown',
  'known_not_affected',
  'fixed',
] as const;
export type CveLookupStatus = (typeof CVE_LOOKUP_STATUSES)[number];

/** CSAF 2.0 section 3.2.3.5 flag labels: why a product is not affected. */
export const VEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'vulnerable_code_not_in_execute_path',
  'inline_mitigations_already_exist',
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];

/** A row written before issue 43 has no status: it said "affected". */
export const vexStatusOf = (row: { status?: VexStatus | null }): VexStatus => row.status ?? 'known_affected';
