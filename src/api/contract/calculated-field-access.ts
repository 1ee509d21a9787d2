import '../../zod-config';
import { z } from 'zod';
import { accessDecision } from './access';

/** What the caller may do with a calculated field (ours, gaps.md). */
export const calculatedFieldOperations = ['read', 'change'] as const;
export type CalculatedFieldOperation = (typeof calculatedFieldOperations)[number];

/** `GET /api/access/v1/calculated-fields/{id}`. */
export const calculatedFieldAccess = z.object({
  id: z.number().int(),
  operations: z.object({ read: accessDecision, change: accessDecision }),
});
export type CalculatedFieldAccess = z.infer<typeof calculatedFieldAccess>;

/** `GET /api/access/v1/calculated-fields?ids=1,2,3`: the fields of a page, at most 500. */
export const calculatedFieldAccessList = z.array(calculatedFieldAccess);
export const calculatedFieldAccessParams = z.object({
  ids: z
    .string()
    .max(5_000)
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'ids: give them as ?ids=1,2,3')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 500, 'ids: at most 500'),
});
