import { z } from 'zod';

/** Every API answer: `{success, code, message, data}`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data,
  });
}

export const errorEnvelopeSchema = envelopeOf(z.unknown().nullable());
export type Envelope<T> = { success: boolean; code: number; message: string; data: T };

/** Field-level validation problems carried in `data` of a 1012001 answer. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** A code naming the problem, where the answer has them (SBOM problems). */
  code: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
