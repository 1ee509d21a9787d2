import { z } from 'zod';
import { dataset, indexedColumn, sharePermission } from '../../../src/api/contract';
import { appendPartition, createDataset, replaceRows, type Cell } from '../datasets/store';
import type { Queryable } from '../store';
import { seededRandom } from './datastores';
import { readData } from './load';

/** `data/datasets.json`: the sample datasets with real rows, a card on each, and their shares. */
const sampleDataset = dataset
  .pick({ id: true, name: true, description: true, owner: true })
  .extend({
    columns: z.array(
      indexedColumn.pick({ name: true, type: true }).extend({ visible: z.boolean().optional() }),
    ),
    card: z.object({ id: z.string().min(1), title: z.string() }),
    permissions: z.array(sharePermission).optional(),
  })
  .strict();
const [sales, traffic] = readData('datasets.json', z.tuple([sampleDataset, sampleDataset]));

export const SALES_DATASET_ID = sales.id;
export const WEB_TRAFFIC_DATASET_ID = traffic.id;
export const SALES_CARD_ID = sales.card.id;
export const TRAFFIC_CARD_ID = traffic.card.id;
/** A sample dataset's name, by id (the sample runs' log lines name it, as a run's do). */
export const sampleDatasetName = (id: string) =>
  [sales, traffic].find((d) => d.id === id)?.name ?? id;

const regions = ['North', 'South', 'East', 'West', 'Central'];
const products = ['Widget', 'Gadget', 'Sprocket', 'Gizmo', 'Doohickey', 'Thingamajig'];
const channels = ['Online', 'Retail', 'Partner'];
const pages = ['/', '/pricing', '/docs', '/blog', '/signup', '/contact', '/about', '/careers'];

const pick = <T>(xs: T[], rnd: () => number) => xs[Math.floor(rnd() * xs.length)]!;
const day = (month: number, d: number) =>
  new Date(Date.UTC(2026, month - 1, d)).toISOString().slice(0, 10);

async function create(tx: Queryable, spec: z.infer<typeof sampleDataset>) {
  const columns = spec.columns.map((c, i) => ({
    id: `c${i + 1}`,
    name: c.name,
    type: c.type,
    visible: c.visible ?? true,
  }));
  await createDataset(tx, { ...spec, columns });
  return columns;
}

/** "Sales by region": ~2,000 rows in three monthly partitions, as an APPEND stream would leave them. */
async function seedSales(tx: Queryable) {
  const rnd = seededRandom(7);
  const columns = await create(tx, sales);
  for (const [month, count] of [
    [9, 700],
    [10, 650],
    [11, 650],
  ] as const) {
    const rows: Cell[][] = Array.from({ length: count }, () => {
      const units = 1 + Math.floor(rnd() * 40);
      return [
        day(month, 1 + Math.floor(rnd() * 28)),
        pick(regions, rnd),
        pick(products, rnd),
        pick(channels, rnd),
        units,
        Math.round(units * (5 + rnd() * 95) * 100) / 100,
      ];
    });
    await appendPartition(tx, SALES_DATASET_ID, day(month, 28), columns, rows);
  }
}

/** "Web traffic": 500 rows replaced whole; `visitorHash` is a hidden column (4.8 includeHidden). */
async function seedWebTraffic(tx: Queryable) {
  const rnd = seededRandom(11);
  const columns = await create(tx, traffic);
  const rows: Cell[][] = Array.from({ length: 500 }, (_, i) => [
    day(6 + Math.floor(i / 100), 1 + (i % 28)),
    pick(pages, rnd),
    Math.floor(rnd() * 5_000),
    Math.round(rnd() * 1000) / 1000,
    Math.floor(rnd() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ]);
  await replaceRows(tx, WEB_TRAFFIC_DATASET_ID, columns, rows);
}

/** Sample datasets with real rows, a card on each for CARD certification (4.9), and a few shares (4.5). */
export async function seedDatasets(tx: Queryable) {
  await seedSales(tx);
  await seedWebTraffic(tx);
  for (const d of [sales, traffic])
    await tx.query('INSERT INTO cards (id, title, dataset_id) VALUES ($1, $2, $3)', [
      d.card.id,
      d.card.title,
      d.id,
    ]);
  for (const d of [sales, traffic])
    for (const p of d.permissions ?? [])
      await tx.query(
        `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
         VALUES ($1, $2, $3, $4)`,
        [d.id, p.type, p.id, p.accessLevel],
      );
}
