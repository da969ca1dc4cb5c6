import { z } from 'zod';

export type DictNode = {
  id: number;
  pid: number;
  code: string;
  name: string;
  children: DictNode[];
};

export const dictNodeSchema: z.ZodType<DictNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    code: z.string(),
    name: z.string(),
    children: z.array(dictNodeSchema),
  }),
);

export const INDUSTRY_DICT_CODE = 'industry';
