import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});

/** GET /api/ready: whether this process should be sent traffic (load balancers, orchestrators). */
export const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
  /** The process is shutting down: it finishes what it has and takes nothing new. */
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
