import type { Queryable } from '../store';
import {
  SALES_CARD_ID,
  SALES_DATASET_ID,
  TRAFFIC_CARD_ID,
  WEB_TRAFFIC_DATASET_ID,
} from './datasets';
import { seededRandom } from './datastores';
import { at2026, sha256Hex, stableUuid } from './ids';
import { TARGETS_DATASET_ID } from './streams';

/**
 * Datasets and cards the sample calculated fields link to (2.3 links[].resource), with the
 * columns their expressions may reference: a field that names any other column is INVALID with
 * an ILLEGAL_REFERENCE link. Sales, traffic and targets are seeded by the datasets and streams
 * seeds; orders, customers, tickets and inventory by `linked-datasets.ts`, with these columns.
 */
export const LINKED_DATASETS = {
  sales: {
    id: SALES_DATASET_ID,
    name: 'Sales by region',
    columns: ['orderDate', 'region', 'product', 'channel', 'units', 'revenue'],
  },
  traffic: {
    id: WEB_TRAFFIC_DATASET_ID,
    name: 'Web traffic',
    columns: ['day', 'page', 'visits', 'bounceRate', 'visitorHash'],
  },
  targets: {
    id: TARGETS_DATASET_ID,
    name: 'Regional targets',
    columns: ['region', 'quarter', 'target', 'owner', 'updatedOn'],
  },
  orders: {
    id: '3b0f6a8e-2c41-4d7a-9e15-6a2b8c4d1e01',
    name: 'Orders',
    columns: [
      'orderNumber',
      'customer',
      'region',
      'product',
      'quantity',
      'unitPrice',
      'status',
      'orderDate',
      'shippedAt',
    ],
  },
  customers: {
    id: '3b0f6a8e-2c41-4d7a-9e15-6a2b8c4d1e02',
    name: 'Customers',
    columns: ['name', 'region', 'lifetimeValue'],
  },
  tickets: {
    id: '3b0f6a8e-2c41-4d7a-9e15-6a2b8c4d1e03',
    name: 'Support tickets',
    columns: [
      'ticketId',
      'priority',
      'channel',
      'agent',
      'openedAt',
      'firstResponseAt',
      'resolvedAt',
      'csatScore',
      'status',
    ],
  },
  inventory: {
    id: '3b0f6a8e-2c41-4d7a-9e15-6a2b8c4d1e04',
    name: 'Inventory snapshot',
    columns: ['sku', 'warehouse', 'onHand', 'reorderPoint', 'unitCost', 'snapshotDate'],
  },
} as const;
type DatasetKey = keyof typeof LINKED_DATASETS;

export const LINKED_CARDS = {
  salesByRegion: { id: SALES_CARD_ID, title: 'Revenue by region', dataset: 'sales' },
  topPages: { id: TRAFFIC_CARD_ID, title: 'Top pages', dataset: 'traffic' },
  ordersByRegion: { id: '1180433201', title: 'Order revenue by region', dataset: 'orders' },
  kpiSummary: { id: '1180433202', title: 'Sales KPI summary', dataset: 'orders' },
  shippingTimes: { id: '1180433203', title: 'Shipping times', dataset: 'orders' },
  returns: { id: '1180433204', title: 'Returns this year', dataset: 'orders' },
  supportHealth: { id: '1180433205', title: 'Support health', dataset: 'tickets' },
  stockAlerts: { id: '1180433206', title: 'Stock alerts', dataset: 'inventory' },
} as const;
type CardKey = keyof typeof LINKED_CARDS;

type DataType = 'DECIMAL' | 'DOUBLE' | 'LONG' | 'STRING' | 'DATE' | 'DATETIME';

interface Spec {
  name: string;
  expression: string;
  dataType: DataType;
  dataset: DatasetKey;
  cards?: CardKey[];
  global?: boolean;
  locked?: boolean;
  hidden?: boolean;
  archived?: boolean;
  variable?: boolean;
}

const revenue = 'SUM(`unitPrice` * `quantity`)';
const returned = "CASE WHEN `status` = 'returned' THEN 1 ELSE 0 END";

const specs: Spec[] = [
  {
    name: 'Total revenue',
    expression: 'SUM(`revenue`)',
    dataType: 'DECIMAL',
    dataset: 'sales',
    cards: ['salesByRegion'],
    global: true,
    locked: true,
  },
  {
    name: 'Units',
    expression: 'SUM(`units`)',
    dataType: 'LONG',
    dataset: 'sales',
    cards: ['salesByRegion'],
    global: true,
  },
  {
    name: 'Revenue per unit',
    expression: 'SUM(`revenue`) / SUM(`units`)',
    dataType: 'DECIMAL',
    dataset: 'sales',
    cards: ['salesByRegion'],
  },
  {
    name: 'Online share',
    expression: "SUM(CASE WHEN `channel` = 'Online' THEN `revenue` ELSE 0 END) / SUM(`revenue`)",
    dataType: 'DOUBLE',
    dataset: 'sales',
    cards: ['salesByRegion'],
    global: true,
    locked: true,
  },
  {
    name: 'Month-to-date revenue',
    expression:
      'SUM(CASE WHEN `orderDate` >= DATE_SUB(CURRENT_DATE(), INTERVAL (DAY(CURRENT_DATE()) - 1) DAY) THEN `revenue` ELSE 0 END)',
    dataType: 'DECIMAL',
    dataset: 'sales',
    global: true,
  },
  {
    name: 'Order month',
    expression: "DATE_FORMAT(`orderDate`, '%Y-%m')",
    dataType: 'STRING',
    dataset: 'sales',
    global: true,
    locked: true,
  },
  // Written against the wrong dataset: `target` lives in Regional targets.
  {
    name: 'Revenue vs target',
    expression: 'SUM(`revenue`) / SUM(`target`)',
    dataType: 'DOUBLE',
    dataset: 'sales',
    cards: ['salesByRegion'],
  },
  {
    name: 'Total visits',
    expression: 'SUM(`visits`)',
    dataType: 'LONG',
    dataset: 'traffic',
    cards: ['topPages'],
    global: true,
  },
  {
    name: 'Weighted bounce rate',
    expression: 'SUM(`visits` * `bounceRate`) / SUM(`visits`)',
    dataType: 'DOUBLE',
    dataset: 'traffic',
    cards: ['topPages'],
    locked: true,
  },
  {
    name: 'Site section',
    expression:
      "CASE WHEN `page` LIKE '/docs%' THEN 'Docs' WHEN `page` LIKE '/blog%' THEN 'Blog' ELSE 'Marketing' END",
    dataType: 'STRING',
    dataset: 'traffic',
    global: true,
  },
  {
    name: 'Unique visitors',
    expression: 'COUNT(DISTINCT `visitorHash`)',
    dataType: 'LONG',
    dataset: 'traffic',
    hidden: true,
  },
  {
    name: 'Quarterly target',
    expression: 'SUM(`target`)',
    dataType: 'DECIMAL',
    dataset: 'targets',
    global: true,
    locked: true,
  },
  {
    name: 'Target last updated',
    expression: 'MAX(`updatedOn`)',
    dataType: 'DATE',
    dataset: 'targets',
    hidden: true,
  },
  {
    name: 'Revenue',
    expression: revenue,
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['ordersByRegion', 'kpiSummary'],
    global: true,
    locked: true,
  },
  {
    name: 'Average order value',
    expression: `${revenue} / COUNT(DISTINCT \`orderNumber\`)`,
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['kpiSummary'],
    global: true,
    locked: true,
  },
  {
    name: 'Is returned',
    expression: returned,
    dataType: 'LONG',
    dataset: 'orders',
    cards: ['returns'],
  },
  {
    name: 'Return rate',
    expression: `SUM(${returned}) / COUNT(\`orderNumber\`)`,
    dataType: 'DOUBLE',
    dataset: 'orders',
    cards: ['returns', 'kpiSummary'],
    global: true,
    locked: true,
  },
  {
    name: 'Days to ship',
    expression: 'DATEDIFF(`shippedAt`, `orderDate`)',
    dataType: 'LONG',
    dataset: 'orders',
    cards: ['shippingTimes'],
  },
  {
    name: 'Average days to ship',
    expression: 'AVG(DATEDIFF(`shippedAt`, `orderDate`))',
    dataType: 'DOUBLE',
    dataset: 'orders',
    cards: ['shippingTimes'],
    global: true,
  },
  {
    name: 'Line total',
    expression: '`unitPrice` * `quantity`',
    dataType: 'DECIMAL',
    dataset: 'orders',
    global: true,
  },
  {
    name: 'Order size band',
    expression:
      "CASE WHEN `unitPrice` * `quantity` >= 1000 THEN 'Large' WHEN `unitPrice` * `quantity` >= 250 THEN 'Medium' ELSE 'Small' END",
    dataType: 'STRING',
    dataset: 'orders',
    cards: ['ordersByRegion'],
  },
  {
    name: 'Region label',
    expression: "CONCAT(UPPER(LEFT(`region`, 1)), ' - ', `region`)",
    dataType: 'STRING',
    dataset: 'orders',
    hidden: true,
  },
  {
    name: 'Revenue share of region',
    expression: `${revenue} / SUM(${revenue}) OVER (PARTITION BY \`region\`)`,
    dataType: 'DOUBLE',
    dataset: 'orders',
    cards: ['ordersByRegion'],
    locked: true,
  },
  {
    name: 'Running revenue',
    expression: `SUM(${revenue}) OVER (ORDER BY \`orderDate\`)`,
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['kpiSummary'],
  },
  {
    name: 'Revenue rank by product',
    expression: `RANK() OVER (ORDER BY ${revenue} DESC)`,
    dataType: 'LONG',
    dataset: 'orders',
    global: true,
  },
  {
    name: 'Previous month revenue',
    expression: `LAG(${revenue}, 1) OVER (ORDER BY DATE_FORMAT(\`orderDate\`, '%Y-%m'))`,
    dataType: 'DECIMAL',
    dataset: 'orders',
    archived: true,
  },
  {
    name: 'Shipped at (UTC)',
    expression: "CONVERT_TZ(`shippedAt`, 'America/Denver', 'UTC')",
    dataType: 'DATETIME',
    dataset: 'orders',
    cards: ['shippingTimes'],
  },
  {
    name: 'First order date',
    expression: 'MIN(`orderDate`)',
    dataType: 'DATE',
    dataset: 'orders',
    global: true,
    locked: true,
  },
  {
    name: 'Customer code',
    expression: "TRIM(REPLACE(`customer`, 'Customer ', 'C-'))",
    dataType: 'STRING',
    dataset: 'orders',
    hidden: true,
  },
  {
    name: 'Revenue this year',
    expression:
      'SUM(CASE WHEN YEAR(`orderDate`) = YEAR(CURRENT_DATE()) THEN `unitPrice` * `quantity` ELSE 0 END)',
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['kpiSummary', 'returns'],
    global: true,
    locked: true,
  },
  {
    name: 'Returns this month',
    expression:
      "SUM(CASE WHEN MONTH(`orderDate`) = MONTH(NOW()) AND `status` = 'returned' THEN 1 ELSE 0 END)",
    dataType: 'LONG',
    dataset: 'orders',
    archived: true,
  },
  // These name columns the Orders dataset does not have (renamed or dropped upstream).
  {
    name: 'Gross margin',
    expression: `${revenue} - SUM(\`unitCost\` * \`quantity\`)`,
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['kpiSummary'],
    global: true,
  },
  {
    name: 'Discounted revenue',
    expression: 'SUM(`unitPrice` * `quantity` * (1 - `discountPct`))',
    dataType: 'DECIMAL',
    dataset: 'orders',
    cards: ['ordersByRegion'],
  },
  {
    name: 'Sales rep',
    expression: "IFNULL(`salesRep`, 'Unassigned')",
    dataType: 'STRING',
    dataset: 'orders',
    archived: true,
  },
  {
    name: 'Target margin',
    expression: '0.35',
    dataType: 'DOUBLE',
    dataset: 'orders',
    global: true,
    locked: true,
    variable: true,
  },
  {
    name: 'Reporting currency',
    expression: "'USD'",
    dataType: 'STRING',
    dataset: 'orders',
    global: true,
    variable: true,
  },
  {
    name: 'Lifetime value band',
    expression:
      "CASE WHEN `lifetimeValue` >= 40000 THEN 'Platinum' WHEN `lifetimeValue` >= 20000 THEN 'Gold' ELSE 'Standard' END",
    dataType: 'STRING',
    dataset: 'customers',
    global: true,
  },
  {
    name: 'Average lifetime value',
    expression: 'AVG(`lifetimeValue`)',
    dataType: 'DOUBLE',
    dataset: 'customers',
    global: true,
    locked: true,
  },
  {
    name: 'Resolution hours',
    expression: 'TIMESTAMPDIFF(HOUR, `openedAt`, `resolvedAt`)',
    dataType: 'LONG',
    dataset: 'tickets',
    cards: ['supportHealth'],
    global: true,
  },
  {
    name: 'First response minutes',
    expression: 'AVG(TIMESTAMPDIFF(MINUTE, `openedAt`, `firstResponseAt`))',
    dataType: 'DOUBLE',
    dataset: 'tickets',
    cards: ['supportHealth'],
    locked: true,
  },
  {
    name: 'CSAT %',
    expression: 'SUM(CASE WHEN `csatScore` >= 4 THEN 1 ELSE 0 END) / COUNT(`csatScore`)',
    dataType: 'DOUBLE',
    dataset: 'tickets',
    cards: ['supportHealth'],
    global: true,
  },
  {
    name: 'Escalated tickets',
    expression: "COUNT(CASE WHEN `priority` = 'P1' OR `status` = 'escalated' THEN `ticketId` END)",
    dataType: 'LONG',
    dataset: 'tickets',
    cards: ['supportHealth'],
    global: true,
    locked: true,
  },
  {
    name: 'SLA status',
    expression:
      "CASE WHEN TIMESTAMPDIFF(HOUR, `openedAt`, `resolvedAt`) > `slaHours` THEN 'Breached' ELSE 'Met' END",
    dataType: 'STRING',
    dataset: 'tickets',
    cards: ['supportHealth'],
  },
  {
    name: 'Stock value',
    expression: 'SUM(`onHand` * `unitCost`)',
    dataType: 'DECIMAL',
    dataset: 'inventory',
    cards: ['stockAlerts'],
    global: true,
    locked: true,
  },
  {
    name: 'Needs reorder',
    expression: "CASE WHEN `onHand` <= `reorderPoint` THEN 'Reorder' ELSE 'OK' END",
    dataType: 'STRING',
    dataset: 'inventory',
    cards: ['stockAlerts'],
  },
  {
    name: 'Last snapshot',
    expression: 'MAX(`snapshotDate`)',
    dataType: 'DATETIME',
    dataset: 'inventory',
    archived: true,
  },
];

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

function fieldRow(spec: Spec, i: number, rnd: () => number) {
  const functions = functionsOf(spec.expression);
  const columnPositions = columnPositionsOf(spec.expression);
  const known: readonly string[] = LINKED_DATASETS[spec.dataset].columns;
  const valid = columnPositions.every((c) => known.includes(c.columnName));
  const validity = valid ? 'VALID' : 'ILLEGAL_REFERENCE';
  // An archived field is one no card uses any more: its links stay, inactive.
  const links = [
    {
      resource: { type: 'DATA_SOURCE', id: LINKED_DATASETS[spec.dataset].id },
      visible: !spec.hidden,
      active: !spec.archived,
      valid: validity,
    },
    ...(spec.cards ?? []).map((card) => ({
      resource: { type: 'CARD', id: LINKED_CARDS[card].id },
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
