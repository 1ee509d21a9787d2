import { z } from 'zod';
import { cardSummaryList, MAX_CARD_URNS } from '../../../src/api/contract/calculated-fields';
import { visibleDatasetSql } from '../access/policy';
import type { Queryable } from '../store';

/** `urns=1001,1002`: card ids, at most MAX_CARD_URNS. */
export const cardParams = z.object({
  urns: z
    .string()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((urns) => urns.length >= 1 && urns.length <= MAX_CARD_URNS, {
      message: `name 1 to ${MAX_CARD_URNS} cards`,
    }),
});

/**
 * The cards named (gaps.md), for a CARD link's title: only those whose dataset `userId` may
 * read (or that have none); the others are left out, as unknown ids are.
 */
export async function cardsFor(db: Queryable, userId: number, urns: string[]) {
  const rows = await db.query<{ id: string; title: string; dataset_id: string | null }>(
    `SELECT c.id, c.title, c.dataset_id FROM cards c LEFT JOIN datasets d ON d.id = c.dataset_id
     WHERE c.id = ANY($1::text[]) AND (c.dataset_id IS NULL OR ${visibleDatasetSql('$2')})
     ORDER BY c.id`,
    [urns, userId],
  );
  return cardSummaryList.parse(
    rows.map((row) => ({ urn: row.id, title: row.title, datasetId: row.dataset_id })),
  );
}
