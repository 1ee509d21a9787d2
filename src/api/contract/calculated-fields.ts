import '../../zod-config';
import { z } from 'zod';
import { epochMillis, userIdInt } from './common';

/** 2.3 Calculated field (expression template). */
export const calculatedField = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: userIdInt,
  locked: z.boolean(),
  global: z.boolean(),
  expression: z.string(),
  checkSum: z.string(),
  links: z.array(
    z.object({
      resource: z.object({ type: z.string(), id: z.string() }),
      visible: z.boolean(),
      active: z.boolean(),
      valid: z.string(),
    }),
  ),
  legacyId: z.string(),
  lastModified: epochMillis,
  created: epochMillis,
  aggregated: z.boolean(),
  analytic: z.boolean(),
  dataType: z.string(),
  status: z.string(),
  cacheWindow: z.string(),
  columnPositions: z.array(z.object({ columnName: z.string(), columnPosition: z.number().int() })),
  functions: z.array(z.string()),
  archived: z.boolean(),
  hidden: z.boolean(),
  variable: z.boolean(),
});
export type CalculatedField = z.infer<typeof calculatedField>;

export const lockBody = z.object({ locked: z.boolean() });
export const editExpressionBody = z.object({ expression: z.string().min(1) });
export const calculatedFieldSearchBody = z.object({
  name: z.string().optional(),
  filters: z.array(z.object({ field: z.string(), value: z.unknown() })).optional(),
  sort: z.object({ field: z.string(), ascending: z.boolean() }).optional(),
  limit: z.number().int().min(1).max(5000),
  offset: z.number().int().min(0),
});
export const calculatedFieldSearchResult = z.object({
  totalHits: z.number().int(),
  results: z.array(calculatedField),
  hasMore: z.boolean(),
});
export const calculatedFieldStatistics = z.object({
  total: z.number().int(),
  locked: z.number().int(),
  invalid: z.number().int(),
  archived: z.number().int(),
});

/** `GET /api/content/v1/cards?urns=` (gaps.md): a card's title, for a CARD link. */
export const cardSummary = z.object({
  urn: z.string(),
  title: z.string(),
  datasetId: z.string().nullable(),
});
export type CardSummary = z.infer<typeof cardSummary>;
export const cardSummaryList = z.array(cardSummary);
export const MAX_CARD_URNS = 100;
