import { SALES_DATASET_ID } from '../../seed/datasets';
import { refusalTable } from './table';

// Sales by region (Ada's) is shared with Ben (CAN_EDIT) and the Finance group (CAN_SHARE: Chloe,
// Eve); Dev (Participant, Support) has no access to it at all.
const sales = SALES_DATASET_ID;
const notFound = { status: 404, message: new RegExp(`No dataset ${sales}`) } as const;
const needs = (level: string, words: string) =>
  ({
    status: 403,
    message: new RegExp(`You need ${level} access to ${words}`),
  }) as const;

export default refusalTable({
  rows: [
    {
      op: 'datasets.open',
      as: 'dev',
      call: (s, a) => s.datasets.open(a, sales, 'read'),
      refused: notFound,
    },
    { op: 'datasets.get', as: 'dev', call: (s, a) => s.datasets.get(a, sales), refused: notFound },
    {
      op: 'datasets.list',
      as: 'dev',
      call: (s, a) => s.datasets.list(a, { limit: 500 }),
      refused: {
        why: 'a list holds only the datasets the user may see',
        leavesOut: (answer) =>
          !(answer as { rows: Array<{ id: string }> }).rows.some((d) => d.id === sales),
      },
    },
    {
      op: 'datasets.levels',
      as: 'dev',
      call: (s, a) => s.datasets.levels(a, [sales]),
      refused: {
        why: 'levels are answered only for the datasets the user may see',
        leavesOut: (answer) => !(answer as Map<string, string>).has(sales),
      },
    },
    {
      op: 'datasets.access',
      as: 'dev',
      call: (s, a) => s.datasets.access(a, sales),
      refused: notFound,
    },
    {
      op: 'datasets.preview',
      as: 'dev',
      call: (s, a) => s.datasets.preview(a, sales, 'SELECT * FROM table'),
      refused: notFound,
    },
    {
      op: 'datasets.readRows',
      as: 'dev',
      call: (s, a) => s.datasets.readRows(a, sales, { names: [], offset: 0, limit: 1 }),
      refused: notFound,
    },
    {
      op: 'datasets.partitions',
      as: 'dev',
      call: (s, a) => s.datasets.partitions(a, sales),
      refused: notFound,
    },
    {
      op: 'datasets.deletePartition',
      as: 'eve',
      call: (s, a) => s.datasets.deletePartition(a, sales, 'none'),
      refused: needs('CAN_EDIT', 'change dataset Sales by region'),
    },
    {
      op: 'sharing.share',
      as: 'dev',
      call: (s, a) =>
        s.sharing.share(a, sales, {
          permissions: [{ type: 'USER', id: '4', accessLevel: 'CO_OWNER' }],
          sendEmail: false,
        }),
      refused: notFound,
    },
    {
      op: 'sharing.permissions',
      as: 'dev',
      call: (s, a) => s.sharing.permissions(a, sales),
      refused: notFound,
    },
    {
      op: 'sharing.removePermission',
      as: 'eve',
      call: (s, a) => s.sharing.removePermission(a, sales, 'USER', '2'),
      refused: { status: 403, message: /You need CO_OWNER access to remove the access of others/ },
    },
    {
      op: 'sharing.outbox',
      as: 'dev',
      call: (s, a) => s.sharing.outbox(a, { limit: 500, offset: 0 }),
      refused: {
        why: 'a user reads only the messages written to them',
        leavesOut: (answer) =>
          (answer as Array<{ to: string }>).every((m) => m.to === 'dev@example.com'),
      },
    },
    {
      op: 'certification.state',
      as: 'dev',
      call: (s, a) => s.certification.state(a, 'DATA_SOURCE', sales),
      refused: notFound,
    },
    {
      op: 'certification.certify',
      as: 'eve',
      call: (s, a) => s.certification.certify(a, 'DATA_SOURCE', sales, 'ACTIVE'),
      refused: needs('CO_OWNER', 'manage dataset Sales by region'),
    },
    {
      op: 'certification.uncertify',
      as: 'eve',
      call: (s, a) => s.certification.uncertify(a, 'DATA_SOURCE', sales),
      refused: needs('CO_OWNER', 'manage dataset Sales by region'),
    },
  ],
});
