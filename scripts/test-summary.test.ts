import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countPlaywright,
  countVitest,
  failedTests,
  readRunner,
  summaryLine,
  total,
} from './test-summary';

const vitestReport = (over: Partial<Parameters<typeof countVitest>[0]> = {}) => ({
  numTotalTests: 12,
  numPassedTests: 10,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  numFailedTestSuites: 1,
  success: false,
  ...over,
});

function reportFile(content: unknown) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  const file = path.join(dir, 'report.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('test summary', () => {
  it('counts a vitest report', () => {
    expect(countVitest(vitestReport())).toEqual({ passed: 10, failed: 1, skipped: 1 });
  });

  it('counts a vitest file that failed to load as a failure', () => {
    const counts = countVitest(
      vitestReport({
        numPassedTests: 5,
        numFailedTests: 0,
        numPendingTests: 0,
        numFailedTestSuites: 2,
      }),
    );
    expect(counts.failed).toBe(2);
    expect(counts.problem).toMatch(/outside any test/);
  });

  it('counts a playwright report, flaky tests as passed', () => {
    expect(
      countPlaywright({ stats: { expected: 7, unexpected: 2, flaky: 1, skipped: 3 }, errors: [] }),
    ).toEqual({ passed: 8, failed: 2, skipped: 3 });
  });

  it('counts playwright errors outside any test (a web server that never started)', () => {
    const counts = countPlaywright({
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'Timed out waiting for the web server' }],
    });
    expect(counts.failed).toBe(1);
  });

  it('fails a runner whose report is missing or unreadable', () => {
    const missing = readRunner('browser', 'playwright', '/nonexistent/browser.json', 0);
    expect(missing.failed).toBe(1);
    expect(missing.problem).toMatch(/no report/);
    const broken = readRunner('console', 'vitest', reportFile('{not json'), 0);
    expect(broken.failed).toBe(1);
    expect(broken.problem).toMatch(/unreadable/);
  });

  it('fails a runner that ran no test', () => {
    const file = reportFile(
      vitestReport({
        numTotalTests: 0,
        numPassedTests: 0,
        numFailedTests: 0,
        numPendingTests: 0,
        numFailedTestSuites: 0,
        success: true,
      }),
    );
    expect(readRunner('server', 'vitest', file, 0)).toMatchObject({
      failed: 1,
      problem: 'ran no test',
    });
  });

  it('fails a runner that exited non-zero with no failed test', () => {
    const file = reportFile(
      vitestReport({ numFailedTests: 0, numFailedTestSuites: 0, success: true }),
    );
    expect(readRunner('server', 'vitest', file, 1)).toMatchObject({ failed: 1 });
  });

  it('names the failed tests of both reports, with the start of their message', () => {
    const vitest = reportFile({
      testResults: [
        {
          name: '/repo/a.test.ts',
          status: 'failed',
          assertionResults: [
            {
              fullName: 'area keeps writes',
              status: 'failed',
              failureMessages: ['\u001b[31mexpected\u001b[39m 1\n\nto be 2'],
            },
            { fullName: 'area reads', status: 'passed' },
          ],
        },
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x',
          assertionResults: [],
        },
      ],
    });
    expect(failedTests('vitest', vitest)).toEqual([
      'area keeps writes: expected 1 | to be 2',
      '/repo/b.test.ts: Cannot find module x',
    ]);
    const playwright = reportFile({
      suites: [
        {
          title: 'exports.spec.ts',
          specs: [{ title: 'passes', ok: true }],
          suites: [
            {
              title: 'Exports',
              specs: [
                {
                  title: 'starts one',
                  ok: false,
                  tests: [{ results: [{ error: { message: 'timed out' } }] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(failedTests('playwright', playwright)).toEqual([
      'exports.spec.ts › Exports › starts one: timed out',
    ]);
    const many = reportFile({
      testResults: [
        {
          name: 'x',
          assertionResults: Array.from({ length: 25 }, (_, i) => ({
            fullName: `t${i}`,
            status: 'failed',
          })),
        },
      ],
    });
    expect(failedTests('vitest', many)).toHaveLength(21);
    expect(failedTests('vitest', many).at(-1)).toBe('… and 5 more');
    expect(failedTests('vitest', path.join(os.tmpdir(), 'no-such-report.json'))).toEqual([]);
  });

  it('sums every runner into the closing line', () => {
    const a = readRunner('console', 'vitest', reportFile(vitestReport()), 1);
    const b = readRunner(
      'browser',
      'playwright',
      reportFile({ stats: { expected: 14, unexpected: 0, flaky: 0, skipped: 0 } }),
      0,
    );
    expect(summaryLine(total([a, b]))).toBe('tests: 24 passed, 1 failed');
    expect(summaryLine({ passed: 3, failed: 0, skipped: 0 })).toBe('tests: 3 passed, 0 failed');
    expect(summaryLine({ passed: 3, failed: 0, skipped: 0 })).toMatch(
      /^tests: \d+ passed, \d+ failed$/,
    );
  });
});
