import { z } from 'zod';

/** Staff dashboard of the system application (issue 8): real figures from the records. */
export const DASHBOARD_PERMISSION = 'sysDashboard:page';
export const DASHBOARD_MAX_DAYS = 366;

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).default(30),
});

const day = z.object({ date: z.string(), value: z.number().int() });
export const dashboardStatsSchema = z.object({
  /** Every day of the window (UTC), oldest first, zeros included. */
  downloadsPerDay: z.array(day),
  signInsPerDay: z.array(day),
  failedSignInsPerDay: z.array(day),
  /** Most downloaded items of the window, in the reader's language. */
  topItems: z.array(z.object({ itemCode: z.string(), name: z.string(), value: z.number().int() })),
  totals: z.object({
    downloads: z.number().int(),
    signIns: z.number().int(),
    failedSignIns: z.number().int(),
    users: z.number().int(),
    publishedVersions: z.number().int(),
  }),
  /** Background tasks waiting or running (0 while the task engine is absent). */
  taskBacklog: z.object({ pending: z.number().int(), running: z.number().int(), failed: z.number().int() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
