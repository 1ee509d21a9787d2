// Sums the machine-readable reports of every test runner into the one closing line CI reads:
// `tests: N passed, M failed`. A runner that wrote no report, or ran no test,
// counts as a failure: a green line must mean that every runner really ran.
import { existsSync, readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface RunnerResult extends Counts {
  runner: string;
  /** Why the runner counts as failed beyond its own failed tests (no report, no test, crash). */
  problem?: string;
}

/** Vitest's `--reporter=json` (the Jest-compatible shape). */
interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  success: boolean;
}

/** Playwright's `json` reporter: `stats` plus errors outside any test (a web server that never started). */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

export function countVitest(report: VitestReport): Counts & { problem?: string } {
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  if (!report.success && counts.failed === 0) {
    // A test file that failed to load, or an error outside any test: no test is marked failed.
    const failed = Math.max(1, report.numFailedTestSuites);
    return {
      ...counts,
      failed,
      problem: `${failed} test file(s) or hooks failed outside any test`,
    };
  }
  return counts;
}

export function countPlaywright(report: PlaywrightReport): Counts & { problem?: string } {
  const { expected, unexpected, flaky, skipped } = report.stats;
  // A flaky test failed first and passed on its retry: it passed.
  const counts = { passed: expected + flaky, failed: unexpected, skipped };
  const errors = report.errors?.length ?? 0;
  if (errors > 0 && counts.failed === 0)
    return { ...counts, failed: errors, problem: `${errors} error(s) outside any test` };
  return counts;
}

export type ReportKind = 'vitest' | 'playwright';

/** One runner's result from its report file and its exit code. */
export function readRunner(
  runner: string,
  kind: ReportKind,
  file: string,
  exitCode: number | null,
): RunnerResult {
  if (!existsSync(file))
    return { runner, passed: 0, failed: 1, skipped: 0, problem: `no report at ${file}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      runner,
      passed: 0,
      failed: 1,
      skipped: 0,
      problem: `unreadable report: ${String(error)}`,
    };
  }
  const counts =
    kind === 'vitest'
      ? countVitest(parsed as VitestReport)
      : countPlaywright(parsed as PlaywrightReport);
  const result: RunnerResult = { runner, ...counts };
  if (counts.passed + counts.failed === 0) return { ...result, failed: 1, problem: 'ran no test' };
  if (exitCode !== 0 && result.failed === 0)
    return {
      ...result,
      failed: 1,
      problem: `exited with code ${exitCode} although no test failed`,
    };
  return result;
}

export function total(results: RunnerResult[]): Counts {
  return results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/**
 * Exactly `tests: N passed, M failed`: CI reads the last line of the run and recorded earlier runs
 * that ended `…, K skipped` as having run no test, so skipped tests are reported on the runner
 * lines above it, never on this one.
 */
export function summaryLine(counts: Counts): string {
  return `tests: ${counts.passed} passed, ${counts.failed} failed`;
}

/** Names of failed tests with the start of their message, from a runner's report (for a quiet run). */
export function failedTests(kind: ReportKind, file: string, max = 20): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const out: string[] = [];
  const short = (message: string | undefined) =>
    (message ?? '')
      .replace(/\x1b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 3)
      .map((l) => l.slice(0, 300))
      .join(' | ');
  if (kind === 'vitest') {
    const report = parsed as {
      testResults?: Array<{
        name: string;
        message?: string;
        status?: string;
        assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
      }>;
    };
    for (const file of report.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (failed.length === 0 && file.status === 'failed')
        out.push(`${file.name}: ${short(file.message)}`);
      for (const a of failed) out.push(`${a.fullName}: ${short(a.failureMessages?.[0])}`);
    }
  } else {
    interface Suite {
      title: string;
      suites?: Suite[];
      specs?: Array<{
        title: string;
        ok: boolean;
        tests?: Array<{ results?: Array<{ error?: { message?: string } }> }>;
      }>;
    }
    const walk = (suite: Suite, trail: string[]) => {
      const here = suite.title ? [...trail, suite.title] : trail;
      for (const spec of suite.specs ?? [])
        if (!spec.ok) {
          const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
          out.push(`${[...here, spec.title].join(' › ')}: ${short(error?.message)}`);
        }
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of (parsed as { suites?: Suite[] }).suites ?? []) walk(suite, []);
  }
  return out.length > max ? [...out.slice(0, max), `… and ${out.length - max} more`] : out;
}

export interface FileTime {
  file: string;
  /** The runner that ran it. */
  runner: string;
  seconds: number;
}

/**
 * Each test file's time from a runner's timing file: Vitest's from scripts/file-times-reporter.ts
 * (environment, imports, hooks and tests), Playwright's the sum of its tests' attempts.
 */
export function fileTimes(runner: string, kind: ReportKind, file: string): FileTime[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  if (kind === 'vitest')
    return (parsed as Array<{ file: string; seconds: number }>).map((t) => ({ ...t, runner }));
  interface Suite {
    suites?: Suite[];
    specs?: Array<{ file: string; tests?: Array<{ results?: Array<{ duration: number }> }> }>;
  }
  const byFile = new Map<string, number>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (parsed as { suites?: Suite[] }).suites ?? []) walk(suite);
  return [...byFile].map(([name, seconds]) => ({ file: `e2e/${name}`, runner, seconds }));
}

/** A plain table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
