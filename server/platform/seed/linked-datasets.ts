import { z } from 'zod';
import { indexedColumn } from '../../../src/api/contract';
import { columnsFrom, createDataset, replaceRows, type Cell } from '../datasets/store';
import type { Queryable } from '../store';
import { LINKED_DATASETS } from './calculated-fields';
import { seededRandom } from './datastores';
import { readData } from './load';

/** `data/linked-datasets.json`: each dataset's description and typed columns (its id and name are the links'). */
const definitions = readData(
  'linked-datasets.json',
  z.array(
    z.strictObject({
      dataset: z.string(),
      description: z.string(),
      columns: z.array(indexedColumn.pick({ name: true, type: true }).strict()),
    }),
  ),
);

const regions = ['North', 'South', 'East', 'West', 'Central'];
const products = ['Widget', 'Gadget', 'Sprocket', 'Gizmo', 'Doohickey', 'Thingamajig'];
const statuses = ['open', 'shipped', 'returned'];
const pick = <T>(xs: readonly T[], rnd: () => number) => xs[Math.floor(rnd() * xs.length)]!;
const isoDay = (rnd: () => number) =>
  new Date(Date.UTC(2026, Math.floor(rnd() * 10), 1 + Math.floor(rnd() * 28)))
    .toISOString()
    .slice(0, 10);
const isoTime = (base: number, hours: number) =>
  `${new Date(base + hours * 3_600_000).toISOString().slice(0, 19)}Z`;

/**
 * The datasets the sample calculated fields link to besides sales, traffic and targets (orders,
 * customers, support tickets, inventory), each with the columns the fields' expressions name,
 * so that every link in the calculated-fields screen opens a real dataset.
 */
export async function seedLinkedDatasets(tx: Queryable) {
  const rnd = seededRandom(23);
  const make = async (key: string, rows: Cell[][]) => {
    const spec = LINKED_DATASETS[key];
    const definition = definitions.find((d) => d.dataset === key);
    if (!spec || !definition) throw new Error(`sample linked dataset ${key} is not defined`);
    const columns = columnsFrom(definition.columns);
    const { description } = definition;
    await createDataset(tx, { id: spec.id, name: spec.name, description, owner: 1, columns });
    await replaceRows(tx, spec.id, columns, rows);
  };

  await make(
    'orders',
    Array.from({ length: 300 }, (_, i) => {
      const day = isoDay(rnd);
      return [
        10_000 + i,
        `Customer ${1 + Math.floor(rnd() * 60)}`,
        pick(regions, rnd),
        pick(products, rnd),
        1 + Math.floor(rnd() * 20),
        Math.round((20 + rnd() * 180) * 100) / 100,
        pick(statuses, rnd),
        day,
        rnd() < 0.7 ? isoTime(Date.parse(day), 24 + Math.floor(rnd() * 96)) : null,
      ];
    }),
  );
  await make(
    'customers',
    Array.from({ length: 60 }, (_, i) => [
      `Customer ${i + 1}`,
      pick(regions, rnd),
      Math.round(rnd() * 50_000 * 100) / 100,
    ]),
  );
  await make(
    'tickets',
    Array.from({ length: 200 }, (_, i) => {
      const opened = Date.parse(isoDay(rnd));
      const resolved = rnd() < 0.8;
      return [
        `T-${2000 + i}`,
        pick(['low', 'normal', 'high', 'urgent'], rnd),
        pick(['email', 'chat', 'phone'], rnd),
        pick(['Ben Analyst', 'Chloe Editor', 'Eve Exporter'], rnd),
        isoTime(opened, Math.floor(rnd() * 10)),
        isoTime(opened, 10 + Math.floor(rnd() * 8)),
        resolved ? isoTime(opened, 20 + Math.floor(rnd() * 100)) : null,
        resolved ? 1 + Math.floor(rnd() * 5) : null,
        resolved ? 'resolved' : 'open',
      ];
    }),
  );
  await make(
    'inventory',
    Array.from({ length: 120 }, (_, i) => [
      `SKU-${1000 + i}`,
      pick(['Leeds', 'Lyon', 'Lodz'], rnd),
      Math.floor(rnd() * 500),
      50 + Math.floor(rnd() * 100),
      Math.round((2 + rnd() * 60) * 100) / 100,
      '2026-11-01',
    ]),
  );
}
