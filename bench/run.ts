import { machine, type Bench, type BenchRow } from './lib';

/** `npm run bench`: every benchmark module, one table. Not part of `npm test`. */
const modules: Array<[string, () => Promise<{ default: Bench }>]> = [
  ['foundation', () => import('./foundation')],
  ['documents', () => import('./documents')],
  ['grid', () => import('./grid')],
  ['streams', () => import('./streams')],
  ['generation', () => import('./generation')],
  ['exports', () => import('./exports')],
  ['exports-dashboard', () => import('./exports-dashboard')],
  ['calculated-fields', () => import('./calculated-fields')],
  ['filesets', () => import('./filesets')],
  ['workflows', () => import('./workflows')],
  ['uploads', () => import('./uploads')],
  ['responsiveness', () => import('./responsiveness')],
  ['bulk-writes', () => import('./bulk-writes')],
];

const only = process.argv[2];
const rows: BenchRow[] = [];
for (const [name, load] of modules) {
  if (only && !name.includes(only)) continue;
  process.stderr.write(`running ${name}...\n`);
  rows.push(...(await (await load()).default()));
}
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...rows.map((r) => [r.group, r.metric, r.value, r.note ?? ''][i]!.length), 6),
);
const line = (cells: string[]) =>
  '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
console.log(`Machine: ${machine()}\n`);
console.log(line(['group', 'metric', 'value', 'note']));
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
for (const r of rows) console.log(line([r.group, r.metric, r.value, r.note ?? '']));
const failures = rows.flatMap((r) =>
  r.failure ? [`FAIL ${r.group}: ${r.metric}: ${r.failure}`] : [],
);
if (failures.length) {
  console.log(`\n${failures.join('\n')}`);
  process.exitCode = 1;
}
