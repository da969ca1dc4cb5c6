import { componentKeyOf, type InventoryComponent, type InventoryReport } from '@portal/contract';

/** One component of one server as a report finally says it, after its duplicates are merged. */
export type ReportLine = {
  sn: string;
  /** The portal's component key (`BMC`, `PCIE:<PN>[:<slot>]`). */
  component: string;
  line: InventoryComponent;
  seenAt: Date;
};

/**
 * The lines of a report with its duplicates merged (issue 40): an SN named several times is one
 * server, and of the lines for one SN and component the most recent reading wins (on a tie, the
 * later in the report). So 5,000 copies of one server give its components once, not 5,000 times.
 * A reading dated after `now` counts as read now.
 */
export function latestLines(servers: InventoryReport['servers'], now: Date): ReportLine[] {
  const lines = new Map<string, ReportLine>();
  for (const server of servers) {
    const seenAt = server.seenAt && new Date(server.seenAt) < now ? new Date(server.seenAt) : now;
    for (const line of server.components) {
      const component = componentKeyOf(line);
      const id = `${server.sn}\u0000${component}`;
      const kept = lines.get(id);
      if (!kept || seenAt >= kept.seenAt) lines.set(id, { sn: server.sn, component, line, seenAt });
    }
  }
  return [...lines.values()];
}
