import {
  appendPartition,
  columnsFrom,
  createDataset,
  replaceRows,
  type Cell,
  type DatasetColumn,
} from '../datasets/store';
import type { Queryable } from '../store';
import { seededRandom } from './datastores';

export const SALES_DATASET_ID = '3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10';
export const WEB_TRAFFIC_DATASET_ID = '4c2a8d3f-9b5e-4f70-8c1b-6d3e2f4a5b20';
export const SALES_CARD_ID = '1001';
export const TRAFFIC_CARD_ID = '1002';

const regions = ['North', 'South', 'East', 'West', 'Central'];
const products = ['Widget', 'Gadget', 'Sprocket', 'Gizmo', 'Doohickey', 'Thingamajig'];
const channels = ['Online', 'Retail', 'Partner'];
const pages = ['/', '/pricing', '/docs', '/blog', '/signup', '/contact', '/about', '/careers'];

const pick = <T>(xs: T[], rnd: () => number) => xs[Math.floor(rnd() * xs.length)]!;
const day = (month: number, d: number) =>
  new Date(Date.UTC(2026, month - 1, d)).toISOString().slice(0, 10);

/** "Sales by region": ~2,000 rows in three monthly partitions, as an APPEND stream would leave them. */
async function seedSales(tx: Queryable) {
  const rnd = seededRandom(7);
  const columns = columnsFrom([
    { name: 'orderDate', type: 'DATE' },
    { name: 'region', type: 'STRING' },
    { name: 'product', type: 'STRING' },
    { name: 'channel', type: 'STRING' },
    { name: 'units', type: 'LONG' },
    { name: 'revenue', type: 'DOUBLE' },
  ]);
  await createDataset(tx, {
    id: SALES_DATASET_ID,
    name: 'Sales by region',
    description: 'Orders by region, product and channel; one partition per month',
    owner: 1,
    columns,
  });
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
  const columns: DatasetColumn[] = columnsFrom([
    { name: 'day', type: 'DATE' },
    { name: 'page', type: 'STRING' },
    { name: 'visits', type: 'LONG' },
    { name: 'bounceRate', type: 'DOUBLE' },
    { name: 'visitorHash', type: 'STRING' },
  ]).map((c) => (c.name === 'visitorHash' ? { ...c, visible: false } : c));
  await createDataset(tx, {
    id: WEB_TRAFFIC_DATASET_ID,
    name: 'Web traffic',
    description: 'Daily visits per page; replaced on every load',
    owner: 2,
    columns,
  });
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
  await tx.query(
    `INSERT INTO cards (id, title, dataset_id) VALUES ($1, 'Revenue by region', $2), ($3, 'Top pages', $4)`,
    [SALES_CARD_ID, SALES_DATASET_ID, TRAFFIC_CARD_ID, WEB_TRAFFIC_DATASET_ID],
  );
  await tx.query(
    `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
     VALUES ($1, 'USER', '2', 'CAN_EDIT'), ($1, 'GROUP', '102', 'CAN_SHARE')`,
    [SALES_DATASET_ID],
  );
}
