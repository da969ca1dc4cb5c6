import { z } from 'zod';
import { SERIALS_PER_BIND } from './registration';

/**
 * Whether a serial number can be registered or bound: nothing else (not its model, not its
 * customer), since anyone may ask; the answer is rate-limited.
 */
export const snLookupQuerySchema = z.object({ sn: z.string().trim().max(64) });
export const snLookupSchema = z.object({
  sn: z.string(),
  exists: z.boolean(),
});
export type SnLookup = z.infer<typeof snLookupSchema>;

/** One or more SNs, as an array or comma separated (at most 10 at a time). */
export const bindSnBodySchema = z.object({
  sn: z.union([z.string().max(64 * SERIALS_PER_BIND + SERIALS_PER_BIND), z.array(z.string().max(64))]),
});
export type BindSnBody = z.infer<typeof bindSnBodySchema>;

/**
 * verified: the SN's customer matches the account's company, so restricted
 * firmware for that server is visible; pending: the SN exists but belongs to
 * another customer name, and waits for the vendor's support to confirm.
 */
export const snStateSchema = z.enum(['verified', 'pending']);
export type SnState = z.infer<typeof snStateSchema>;

export const boundSnSchema = z.object({
  sn: z.string(),
  /** Null while pending: an SN the account does not own yet reveals nothing about the server. */
  model: z.string().nullable(),
  modelName: z.string().nullable(),
  state: snStateSchema,
  maintenanceEnd: z.string().nullable(),
  boundAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type BoundSn = z.infer<typeof boundSnSchema>;

export const verificationSchema = z.object({
  verified: z.number().int(),
  pending: z.number().int(),
  serials: z.array(boundSnSchema),
});
export type Verification = z.infer<typeof verificationSchema>;

export const unbindSnParamsSchema = z.object({ sn: z.string().max(64) });
