import { machine, type Bench, type BenchRow } from './lib';

/** `npm run bench`: every benchmark module, one table. Not part of `npm test`. */
const modules: Array<[string, () => Promise<{ default: Bench }>]> = [
  ['foundation', () => import('./foundation')],
  ['documents', () => import('./documents')],
  ['grid', () => import('./grid')],
  ['streams', () => import('./streams')],
  ['generation', () => import('./generation')],
  ['experiments', () => import('./experiments')],
  ['exports', () => import('./exports')],
  ['ingest-export', () => import('./ingest-export')],
  ['exports-dashboard', () => import('./exports-dashboard')],
  ['calculated-fields', () => import('./calculated-fields')],
  ['filesets', () => import('./filesets')],
  ['workflows', () => import('./workflows')],
  ['uploads', () => import('./uploads')],
  ['responsiveness', () => import('./responsiveness')],
  ['bulk-writes', () => import('./bulk-writes')],
  ['audit', () => import('./audit')],
  ['memory', () => import('./memory')],
];

/** A module that has not finished after this long is a failed row (BENCH_MODULE_TIMEOUT_S). */
const TIMEOUT_S = Number(process.env.BENCH_MODULE_TIMEOUT_S) || 900;

/**
 * Runs one module; whatever it does, the answer is rows: its own, or one failed row with the
 * reason when it throws, runs past the timeout, or leaves a promise that nothing will settle
 * (the event loop empties while it is pending: without this, Node exits 13 printing nothing).
 */
async function runModule(name: string, load: () => Promise<{ default: Bench }>) {
  let timer: NodeJS.Timeout | undefined;
  let onEmpty: (() => void) | undefined;
  const failed = (reason: string): BenchRow[] => [
    { group: name, metric: 'benchmark module', value: 'did not finish', failure: reason },
  ];
  try {
    return await Promise.race([
      (async () => (await load()).default())(),
      new Promise<never>((_, reject) => {
        // Unref'd: a module that waits on nothing is caught by `beforeExit` below at once.
        timer = setTimeout(
          () => reject(new Error(`no answer within ${TIMEOUT_S} s (BENCH_MODULE_TIMEOUT_S)`)),
          TIMEOUT_S * 1000,
        ).unref();
        onEmpty = () =>
          reject(new Error('it left a promise unsettled: nothing was left to run (exit 13)'));
        process.once('beforeExit', onEmpty);
      }),
    ]);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    if (onEmpty) process.off('beforeExit', onEmpty);
  }
}

const only = process.argv[2];
const rows: BenchRow[] = [];
for (const [name, load] of modules) {
  if (only && !name.includes(only)) continue;
  process.stderr.write(`running ${name}...\n`);
  rows.push(...(await runModule(name, load)));
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
// A module that timed out may still hold the event loop (a socket, a timer): end once printed.
setTimeout(() => process.exit(), 1000).unref();
