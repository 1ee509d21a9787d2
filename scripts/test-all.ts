// `npm test`: the type check, lint, and every test runner, each writing a JSON report; then a
// table of each stage's wall time, the slowest test files, and one closing line summed over the
// runners (scripts/test-summary.ts). Every runner runs even when an earlier step failed, so the
// line counts everything; the exit code is non-zero if anything failed.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  failedTests,
  fileTimes,
  readRunner,
  summaryLine,
  table,
  total,
  type FileTime,
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
  report?: { kind: ReportKind; file: string; times: string };
}

const vitest = (name: string, projects: string[], file: string, env?: NodeJS.ProcessEnv): Step => {
  const times = path.join(reports, `${file}.times.json`);
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/file-times-reporter.ts',
      `--outputFile.json=${path.join(reports, `${file}.json`)}`,
    ],
    env: { ...env, FILE_TIMES_OUTPUT: times },
    report: { kind: 'vitest', file: path.join(reports, `${file}.json`), times },
  };
};

const postgres = process.env.DATABASE_URL;
const browserReport = path.join(reports, 'browser.json');
/** Steps of one stage run side by side (the type check and lint each use one core). */
const stages: Step[][] = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  ],
  [vitest('console unit tests', ['console'], 'console')],
  [
    vitest('server tests on PGlite', ['server', 'server-alone'], 'server-pglite', {
      DATABASE_URL: '',
    }),
  ],
  ...(postgres
    ? [
        [
          vitest(
            'server tests on PostgreSQL',
            ['server-postgresql', 'server-postgresql-alone'],
            'server-postgresql',
          ),
        ],
      ]
    : []),
  [
    {
      name: 'browser tests',
      command: ['npx', 'playwright', 'test'],
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: browserReport },
      report: { kind: 'playwright', file: browserReport, times: browserReport },
    },
  ],
];

if (!postgres) console.log('DATABASE_URL is unset: the server tests run on PGlite only.');

interface Ran {
  step: Step;
  status: number | null;
  seconds: number;
  logFile: string;
}

function run(step: Step): Promise<Ran> {
  const started = Date.now();
  const logFile = path.join(reports, `${step.name.replace(/\W+/g, '-')}.log`);
  const log = quiet ? openSync(logFile, 'w') : undefined;
  const child = spawn(step.command[0]!, step.command.slice(1), {
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, ...step.env },
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (log !== undefined) closeSync(log);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`== ${step.name}: exit ${code ?? signal} in ${seconds}s`);
      resolve({ step, status: code, seconds, logFile });
    });
  });
}

const results: RunnerResult[] = [];
const stepFailures: string[] = [];
const stageRows: string[][] = [];
const times: FileTime[] = [];
const allStarted = Date.now();
for (const stage of stages) {
  console.log(`\n== ${stage.map((s) => s.name).join(' + ')}`);
  const started = Date.now();
  const ran = await Promise.all(stage.map(run));
  const wall = Math.round((Date.now() - started) / 1000);
  for (const { step, status, seconds, logFile } of ran) {
    let counts = '';
    if (step.report) {
      const result = readRunner(step.name, step.report.kind, step.report.file, status);
      results.push(result);
      times.push(...fileTimes(step.name, step.report.kind, step.report.times));
      counts = `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`;
    } else if (status !== 0) stepFailures.push(step.name);
    stageRows.push([
      step.name,
      String(seconds),
      stage.length > 1 ? `${wall} (side by side)` : String(wall),
      status === 0 ? 'ok' : `exit ${status}`,
      counts,
    ]);
    if (quiet && status !== 0) {
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
}
const totalSeconds = Math.round((Date.now() - allStarted) / 1000);

console.log('\n== results by runner');
for (const r of results) {
  const note = r.problem ? `  (${r.problem})` : '';
  // Not in the closing line's form (`N passed, M failed`): only the last line may look like it.
  console.log(
    `${r.runner.padEnd(28)} passed ${r.passed} · failed ${r.failed} · skipped ${r.skipped}${note}`,
  );
}
for (const name of stepFailures) console.log(`${name.padEnd(28)} FAILED`);

const stageTable = table(
  ['stage', 'wall s', 'stage wall s', 'outcome', 'tests'],
  [...stageRows, ['npm test', '', String(totalSeconds), '', '']],
);
console.log(`\n== wall time by stage\n${stageTable}`);
const slowest = times.sort((a, b) => b.seconds - a.seconds).slice(0, 15);
const slowTable = table(
  ['test file', 'runner', 's'],
  slowest.map((t) => [t.file, t.runner, t.seconds.toFixed(1)]),
);
console.log(
  `\n== the 15 slowest test files (a file's whole time: setup, hooks and tests)\n${slowTable}`,
);
writeFileSync(path.join(reports, 'times.txt'), `${stageTable}\n\n${slowTable}\n`);

const sums = total(results);
const line = summaryLine(sums);
writeFileSync(path.join(reports, 'summary.txt'), `${line}\n`);
const failed = sums.failed > 0 || stepFailures.length > 0;
console.log(line);
process.exit(failed ? 1 : 0);
