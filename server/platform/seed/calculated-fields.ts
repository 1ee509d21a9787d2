import { z } from 'zod';
import { calculatedField } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { seededRandom } from './datastores';
import { at2026, sha256Hex, stableUuid } from './ids';
import { readData, readDataFolder } from './load';

/**
 * Datasets and cards the sample calculated fields link to (2.3 links[].resource), with the
 * columns their expressions may reference: a field that names any other column is INVALID with
 * an ILLEGAL_REFERENCE link. Sales, traffic and targets are seeded by the datasets and streams
 * seeds; orders, customers, tickets and inventory by `linked-datasets.ts`, with these columns.
 */
const links = z.strictObject({
  datasets: z.record(
    z.string(),
    z.strictObject({ id: z.string().min(1), name: z.string(), columns: z.array(z.string()) }),
  ),
  cards: z.record(
    z.string(),
    z.strictObject({ id: z.string().min(1), title: z.string(), dataset: z.string() }),
  ),
});
const { datasets: LINKED_DATASETS, cards: LINKED_CARDS } = readData(
  'calculated-field-links.json',
  links,
);
export { LINKED_CARDS, LINKED_DATASETS };

/** A sample field as `data/calculated-fields/NN-<dataset>.json` lists it; the rest is derived. */
const fieldSpec = calculatedField
  .pick({ name: true, expression: true })
  .extend({
    dataType: z.enum(['DECIMAL', 'DOUBLE', 'LONG', 'STRING', 'DATE', 'DATETIME']),
    cards: z.array(z.string()).optional(),
    ...calculatedField
      .pick({ global: true, locked: true, hidden: true, archived: true, variable: true })
      .partial().shape,
    /** Why the sample is as it is (an INVALID field on purpose); not seeded. */
    note: z.string().optional(),
  })
  .strict();
type FieldSpec = z.infer<typeof fieldSpec> & { dataset: string };

const specs: FieldSpec[] = readDataFolder(
  'calculated-fields',
  z.strictObject({ dataset: z.string(), fields: z.array(fieldSpec) }),
).flatMap(({ dataset, fields }) => {
  if (!LINKED_DATASETS[dataset]) throw new Error(`sample calculated fields: no dataset ${dataset}`);
  return fields.map((field) => {
    const unknown = field.cards?.find((card) => !LINKED_CARDS[card]);
    if (unknown) throw new Error(`sample calculated field ${field.name}: no card ${unknown}`);
    return { ...field, dataset };
  });
});

const AGGREGATES = new Set(['SUM', 'AVG', 'COUNT', 'MIN', 'MAX']);
const DYNAMIC = new Set(['CURRENT_DATE', 'NOW']);

/** Function names in order of first use; CASE counts as one, as the platform's reference lists it. */
export function functionsOf(expression: string) {
  const names = [...expression.matchAll(/\b(CASE)\b|\b([A-Z][A-Z_]*)\(/g)].map(
    (m) => m[1] ?? m[2]!,
  );
  return [...new Set(names)];
}

/** Every column reference with the character offset of its opening backtick. */
export function columnPositionsOf(expression: string) {
  return [...expression.matchAll(/`([^`]+)`/g)].map((m) => ({
    columnName: m[1]!,
    columnPosition: m.index,
  }));
}

function fieldRow(spec: FieldSpec, i: number, rnd: () => number) {
  const functions = functionsOf(spec.expression);
  const columnPositions = columnPositionsOf(spec.expression);
  const dataset = LINKED_DATASETS[spec.dataset]!;
  const known: readonly string[] = dataset.columns;
  const valid = columnPositions.every((c) => known.includes(c.columnName));
  const validity = valid ? 'VALID' : 'ILLEGAL_REFERENCE';
  // An archived field is one no card uses any more: its links stay, inactive.
  const links = [
    {
      resource: { type: 'DATA_SOURCE', id: dataset.id },
      visible: !spec.hidden,
      active: !spec.archived,
      valid: validity,
    },
    ...(spec.cards ?? []).map((card) => ({
      resource: { type: 'CARD', id: LINKED_CARDS[card]!.id },
      visible: true,
      active: !spec.archived,
      valid: validity,
    })),
  ];
  const created = at2026(1, 5 + Math.floor((i / specs.length) * 290), Math.floor(rnd() * 1440));
  const lastModified = Math.min(created + Math.floor(rnd() * 45 * 1440) * 60_000, at2026(11, 15));
  return {
    name: spec.name,
    owner: 1 + Math.floor(rnd() * 5),
    locked: spec.locked ?? false,
    global: spec.global ?? false,
    expression: spec.expression,
    checkSum: sha256Hex(spec.expression),
    links,
    legacyId: `calculation_${stableUuid(`calculated-field:${spec.name}`)}`,
    lastModified,
    created,
    aggregated: functions.some((f) => AGGREGATES.has(f)),
    analytic: / OVER \(/.test(spec.expression),
    dataType: spec.dataType,
    status: valid ? 'VALID' : 'INVALID',
    // A field that reads the clock can only be cached for the day.
    cacheWindow: functions.some((f) => DYNAMIC.has(f)) ? 'day' : 'non_dynamic',
    columnPositions,
    functions,
    archived: spec.archived ?? false,
    hidden: spec.hidden ?? false,
    variable: spec.variable ?? false,
  };
}

export const sampleCalculatedFields = (() => {
  const rnd = seededRandom(2303);
  return specs.map((spec, i) => fieldRow(spec, i, rnd));
})();

export async function seedCalculatedFields(tx: Queryable) {
  const cards = Object.values(LINKED_CARDS);
  await tx.query(
    // The cards the fields link to; those of Sales and Web traffic are the datasets seed's.
    `INSERT INTO cards (id, title, dataset_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (id) DO NOTHING`,
    [
      cards.map((card) => card.id),
      cards.map((card) => card.title),
      cards.map((card) => LINKED_DATASETS[card.dataset]?.id ?? null),
    ],
  );
  const rows = sampleCalculatedFields;
  const col = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
  const json = <K extends keyof (typeof rows)[number]>(key: K) =>
    rows.map((r) => JSON.stringify(r[key]));
  // ids come from the identity column, in list order.
  await tx.query(
    `INSERT INTO calculated_fields (name, owner, locked, global, expression, check_sum, links, legacy_id,
       last_modified, created, aggregated, analytic, data_type, status, cache_window, column_positions,
       functions, archived, hidden, variable)
     SELECT name, owner, locked, global, expression, check_sum, links, legacy_id, last_modified, created,
       aggregated, analytic, data_type, status, cache_window, column_positions, functions, archived, hidden, variable
     FROM unnest($1::text[], $2::int[], $3::boolean[], $4::boolean[], $5::text[], $6::text[], $7::jsonb[],
       $8::text[], $9::bigint[], $10::bigint[], $11::boolean[], $12::boolean[], $13::text[], $14::text[],
       $15::text[], $16::jsonb[], $17::jsonb[], $18::boolean[], $19::boolean[], $20::boolean[])
       WITH ORDINALITY AS t(name, owner, locked, global, expression, check_sum, links, legacy_id, last_modified,
         created, aggregated, analytic, data_type, status, cache_window, column_positions, functions, archived,
         hidden, variable, n)
     ORDER BY n`,
    [
      col('name'),
      col('owner'),
      col('locked'),
      col('global'),
      col('expression'),
      col('checkSum'),
      json('links'),
      col('legacyId'),
      col('lastModified'),
      col('created'),
      col('aggregated'),
      col('analytic'),
      col('dataType'),
      col('status'),
      col('cacheWindow'),
      json('columnPositions'),
      json('functions'),
      col('archived'),
      col('hidden'),
      col('variable'),
    ],
  );
}
