/** The two public download pages (no sign-in) and the filters each one's table starts with. */
export type OverseasList = 'all' | 'imsCli';

/**
 * Shared by the page and by app/early-loads.ts, which asks for the first page of rows with the
 * table's own query key before the page's code has loaded.
 */
export const OVERSEAS_FILTERS: Readonly<Record<OverseasList, { kind?: string[]; section?: string }>> = {
  all: {},
  imsCli: { kind: ['SOFTWARE'], section: 'cli' },
};
