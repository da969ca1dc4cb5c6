import { paths } from '@/config/paths';

/** One server's page, below the list's (/fleet/servers/SN-0001): a tab of its own that survives a reload. */
export const fleetServerPathOf = (sn: string) => `${paths.fleetServers}/${encodeURIComponent(sn)}`;
