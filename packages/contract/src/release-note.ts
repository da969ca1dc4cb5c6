import { z } from 'zod';

/** 1 = NEW, 2 = OPTIMIZE, 3 = HOTFIX (spec section 3). */
export const RELEASE_NOTE_KINDS = { NEW: '1', OPTIMIZE: '2', HOTFIX: '3' } as const;

export const releaseNoteSchema = z.object({
  version: z.string(),
  createTime: z.string(),
  content: z.object({ '1': z.array(z.string()), '2': z.array(z.string()), '3': z.array(z.string()) }),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;
