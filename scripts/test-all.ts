// `npm test`: the type check, lint, and every test runner, each writing a JSON report; then one
// closing line summed over the runners (scripts/test-summary.ts). Every runner runs even when an
// earlier step failed, so the line counts everything; the exit code is non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  failedTests,
  readRunner,
  summaryLine,
  total,
  type ReportKind,
  type RunnerResult,
} from './test-summary';

// In CI each runner writes its whole output to .test-reports/<step>.log and the run prints only a
// short account of each (and, when it failed, the tail of its log and the failed tests): a run
// that prints megabytes (one failed deep-equal printed 4.9 MB) may not be read to its last line.
const quiet = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

const reports = path.resolve(process.env.TEST_REPORTS_DIR || '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
  report?: { kind: ReportKind; file: string };
}

const vitest = (project: string, file: string, env?: NodeJS.ProcessEnv): Step => ({
  name: '',
  command: [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, file)}`,
  ],
  env,
  report: { kind: 'vitest', file: path.join(reports, file) },
});

const postgres = process.env.DATABASE_URL;
const steps: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { ...vitest('console', 'console.json'), name: 'console unit tests' },
  {
    ...vitest('server', 'server-pglite.json', { DATABASE_URL: '' }),
    name: 'server tests on PGlite',
  },
  ...(postgres
    ? [{ ...vitest('server', 'server-postgresql.json'), name: 'server tests on PostgreSQL' }]
    : []),
  {
    name: 'browser tests',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'browser.json') },
    report: { kind: 'playwright', file: path.join(reports, 'browser.json') },
  },
];

if (!postgres) console.log('DATABASE_URL is unset: the server tests run on PGlite only.');

const results: RunnerResult[] = [];
const stepFailures: string[] = [];
for (const step of steps) {
  console.log(`\n== ${step.name}`);
  const started = Date.now();
  const logFile = path.join(reports, `${step.name.replace(/\W+/g, '-')}.log`);
  const log = quiet ? openSync(logFile, 'w') : undefined;
  const run = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, ...step.env },
  });
  if (log !== undefined) closeSync(log);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`== ${step.name}: exit ${run.status ?? run.signal} in ${seconds}s`);
  if (step.report)
    results.push(readRunner(step.name, step.report.kind, step.report.file, run.status));
  else if (run.status !== 0) stepFailures.push(step.name);
  if (quiet && run.status !== 0) {
    const tail = readFileSync(logFile, 'utf8')
      .replace(/\x1b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex
      .split('\n')
      .slice(-40)
      .map((l) => l.slice(0, 300));
    console.log(`-- the last lines of ${path.relative(process.cwd(), logFile)}:`);
    console.log(tail.join('\n'));
    if (step.report) {
      const failures = failedTests(step.report.kind, step.report.file);
      if (failures.length) console.log(`-- failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    }
  } else if (quiet) console.log(`   (whole output: ${path.relative(process.cwd(), logFile)})`);
}

console.log('\n== results by runner');
for (const r of results) {
  const note = r.problem ? `  (${r.problem})` : '';
  // Not in the closing line's form (`N passed, M failed`): only the last line may look like it.
  console.log(
    `${r.runner.padEnd(28)} passed ${r.passed} · failed ${r.failed} · skipped ${r.skipped}${note}`,
  );
}
for (const name of stepFailures) console.log(`${name.padEnd(28)} FAILED`);

const sums = total(results);
const line = summaryLine(sums);
writeFileSync(path.join(reports, 'summary.txt'), `${line}\n`);
const failed = sums.failed > 0 || stepFailures.length > 0;
console.log(line);
process.exit(failed ? 1 : 0);
