/**
 * The home's newest releases: the six newest versions the reader may download. Its own light
 * module: app/early-loads.ts asks for them with the same query before the home's code is in.
 */
export const NEWEST_RELEASES_QUERY = { latest: true, pageNo: 1, pageSize: 6 } as const;
