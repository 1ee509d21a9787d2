import { Hono } from 'hono';
import { z } from 'zod';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { cardParams, cardsFor } from './cards';
import { changeField } from './service';
import { badRequest } from '../core/errors';
import { body, query } from '../core/validate';
import { assertMayChangeField, calculatedFieldAbilities } from '../access/calculated-fields';
import {
  calculatedFieldAccess,
  calculatedFieldAccessList,
  calculatedFieldAccessParams,
} from '../../../src/api/contract/calculated-field-access';
import {
  FILTERS,
  SORTS,
  fieldStatistics,
  getField,
  getFields,
  searchFields,
  toCalculatedField,
  type FilterField,
  type Search,
} from './repository';

const filterFields = Object.keys(FILTERS) as [FilterField, ...FilterField[]];
const sortFields = Object.keys(SORTS) as [keyof typeof SORTS, ...Array<keyof typeof SORTS>];

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
    sort: z.object({ field: z.enum(sortFields), ascending: z.boolean() }).optional(),
    limit: z.number().int().min(1).max(5000),
    offset: z.number().int().min(0).max(1_000_000),
  })
  .transform((b, ctx): Search => {
    const filters = (b.filters ?? []).map((f, i) => {
      const type = FILTERS[f.field].type;
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

/** Calculated fields (spec 2.3, 4.4; gaps.md "Calculated fields"). */
export function calculatedFieldRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const base = '/api/query/v1/functions';

  r.post(`${base}/search`, async (c) => c.json(await searchFields(db, await body(c, searchBody))));

  r.get(`${base}/statistics`, async (c) => c.json(await fieldStatistics(db)));

  r.get(`${base}/template/:id`, async (c) =>
    c.json(toCalculatedField(await getField(db, c.req.param('id')))),
  );

  r.put(`${base}/template/:id`, async (c) => {
    const id = c.req.param('id');
    const parsed = await body(c, z.unknown()).then(
      (raw) => putBody.safeParse(raw),
      (unreadable: unknown) => ({ success: false as const, unreadable }),
    );
    if (!parsed.success) {
      // 404, then 403, before judging the body. A valid body goes straight to changeField, which
      // reads the field and checks the caller once, in its transaction (one bulk lock: 1,000 PUTs).
      await assertMayChangeField(db, c.get('userId'), await getField(db, id));
      if ('unreadable' in parsed) throw parsed.unreadable;
      throw badRequest('body: expected {"locked": true|false} or {"expression": "..."}');
    }
    return c.json(await changeField(db, c.get('userId'), id, parsed.data));
  });

  // A CARD link's title (gaps.md).
  r.get('/api/content/v1/cards', async (c) =>
    c.json(await cardsFor(db, c.get('userId'), query(c, cardParams).urns)),
  );

  // What the caller may do with fields (ours, gaps.md): the console disables the rest.
  r.get('/api/access/v1/calculated-fields/:id', async (c) => {
    const field = await getField(db, c.req.param('id'));
    const abilities = await calculatedFieldAbilities(db, c.get('userId'), [field]);
    return c.json(
      calculatedFieldAccess.parse({ id: field.id, operations: abilities.get(field.id) }),
    );
  });
  r.get('/api/access/v1/calculated-fields', async (c) => {
    const { ids } = query(c, calculatedFieldAccessParams);
    const fields = await getFields(db, ids);
    const abilities = await calculatedFieldAbilities(db, c.get('userId'), fields);
    return c.json(
      calculatedFieldAccessList.parse(
        fields.map((f) => ({ id: f.id, operations: abilities.get(f.id) })),
      ),
    );
  });

  return r;
}
