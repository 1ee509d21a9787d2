import { Hono } from 'hono';
import { z } from 'zod';
import {
  calculatedFieldAccess,
  calculatedFieldAccessList,
  calculatedFieldAccessParams,
} from '../../../src/api/contract/calculated-field-access';
import { MAX_CARD_URNS } from '../../../src/api/contract/calculated-fields';
import { badRequest } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, query } from '../core/validate';
import { FILTER_TYPES, SORT_FIELDS, type FilterField, type Search } from './search';
import type { CalculatedFieldService } from './service';

const filterFields = Object.keys(FILTER_TYPES) as [FilterField, ...FilterField[]];

const searchBody = z
  .object({
    name: z.string().max(500).optional(),
    filters: z
      .array(
        z.strictObject({
          field: z.enum(filterFields),
          value: z.union([z.string().max(500), z.number(), z.boolean()]),
        }),
      )
      .max(20)
      .optional(),
    sort: z.object({ field: z.enum(SORT_FIELDS), ascending: z.boolean() }).optional(),
    limit: z.number().int().min(1).max(5000),
    offset: z.number().int().min(0).max(1_000_000),
  })
  .transform((b, ctx): Search => {
    const filters = (b.filters ?? []).map((f, i) => {
      const type = FILTER_TYPES[f.field];
      if (typeof f.value !== type)
        ctx.addIssue({
          code: 'custom',
          path: ['filters', i, 'value'],
          message: `expected a ${type} for ${f.field}`,
        });
      return f;
    });
    return {
      name: b.name,
      filters,
      sort: b.sort ?? { field: 'name', ascending: true },
      limit: b.limit,
      offset: b.offset,
    };
  });

/** One PUT for both: `{locked}` (spec 4.4) or `{expression}` (gaps.md), never both. */
const putBody = z.union([
  z.strictObject({ locked: z.boolean() }),
  z.strictObject({ expression: z.string().trim().min(1).max(20_000) }),
]);

/** `urns=1001,1002`: card ids, at most MAX_CARD_URNS. */
const cardParams = z.object({
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

/** Calculated fields (spec 2.3, 4.4; gaps.md "Calculated fields"). */
export function calculatedFieldRoutes({
  calculatedFields: fields,
}: {
  calculatedFields: CalculatedFieldService;
}) {
  const r = new Hono<PlatformEnv>();
  const base = '/api/query/v1/functions';

  r.post(`${base}/search`, async (c) =>
    c.json(await fields.search(actorOf(c), await body(c, searchBody))),
  );

  r.get(`${base}/statistics`, async (c) => c.json(await fields.statistics(actorOf(c))));

  r.get(`${base}/template/:id`, async (c) =>
    c.json(await fields.get(actorOf(c), c.req.param('id'))),
  );

  r.put(`${base}/template/:id`, async (c) => {
    // A body that cannot be read or judged is refused after the caller's right to change the
    // field is (404, then 403, before 400).
    const parsed = await body(c, z.unknown()).then(
      (raw) => putBody.safeParse(raw),
      (unreadable: unknown) => ({ success: false as const, unreadable }),
    );
    const change = parsed.success
      ? parsed.data
      : {
          invalid:
            'unreadable' in parsed
              ? parsed.unreadable
              : badRequest('body: expected {"locked": true|false} or {"expression": "..."}'),
        };
    return c.json(await fields.change(actorOf(c), c.req.param('id'), change));
  });

  // A CARD link's title (gaps.md).
  r.get('/api/content/v1/cards', async (c) =>
    c.json(await fields.cards(actorOf(c), query(c, cardParams).urns)),
  );

  // What the caller may do with fields (ours, gaps.md): the console disables the rest.
  r.get('/api/access/v1/calculated-fields/:id', async (c) =>
    c.json(calculatedFieldAccess.parse(await fields.access(actorOf(c), c.req.param('id')))),
  );
  r.get('/api/access/v1/calculated-fields', async (c) => {
    const { ids } = query(c, calculatedFieldAccessParams);
    return c.json(calculatedFieldAccessList.parse(await fields.accessOf(actorOf(c), ids)));
  });

  return r;
}
