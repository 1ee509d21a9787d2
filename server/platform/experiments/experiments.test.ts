import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  experimentEstimate,
  experimentList,
  experimentResults,
  savedExperimentDataset,
} from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import {
  casesDataset,
  createExperiment,
  echoBody,
  experimentsPath,
  experimentWhen,
} from '../testing/experiments';
import { sampleUsers } from '../testing/users';

let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
let datasetId: string;
const ada = (path: string, init?: RequestInit & { json?: unknown }) => platform.api(path, init);
const ben = (path: string, init: RequestInit & { json?: unknown } = {}) => as('ben', path, init);

// Ten questions; the built-in model echoes its prompt, so the answer of `${question}` is the
// question: cases 0-4 expect exactly that, cases 5-9 expect something else.
const rows = Array.from({ length: 10 }, (_, i) => [
  `question ${i}`,
  i < 5 ? `question ${i}` : `other ${i}`,
  i % 2 === 0 ? 'even' : 'odd',
]);

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUsers(platform);
  datasetId = await casesDataset(platform, {
    name: 'Questions',
    owner: 2,
    columns: ['question', 'answer', 'parity'],
    rows,
  });
}, 180_000);
afterAll(() => platform?.close());

describe('an experiment on the built-in model', () => {
  it('runs every case × variant, scores each answer and summarizes each variant', async () => {
    const created = await createExperiment(
      ben,
      echoBody(datasetId, {
        variants: [
          { model: 'local.template-echo', template: '${question}', name: 'plain' },
          { model: 'local.template-echo', template: 'Q: ${question}', name: 'prefixed' },
        ],
        scorers: [
          { type: 'exactMatch', caseSensitive: true },
          { type: 'contains', value: 'question', caseSensitive: true },
          { type: 'length', max: 11 },
        ],
      }),
    );
    expect(created.ownerName).toBe('Ben Analyst');
    expect(created.datasetName).toBe('Questions');
    expect(created.progress.total).toBe(20);
    const done = await experimentWhen(ben, created.id);
    expect(done.state).toBe('SUCCESS');
    expect(done.progress).toEqual({ total: 20, done: 20, failed: 0, cancelled: 0 });
    const [plain, prefixed] = done.summary;
    expect(plain!.meanScores).toEqual([0.5, 1, 1]);
    expect(plain!.passRate).toBe(0.5);
    expect(prefixed!.meanScores).toEqual([0, 1, 0]);
    expect(prefixed!.passRate).toBe(0);
    expect(plain!.p50LatencyMs).not.toBeNull();
    expect(plain!.outputTokens).toBeGreaterThan(0);

    const res = await ben(`${experimentsPath}/${created.id}/results?limit=3&offset=1`);
    expect(res.status).toBe(200);
    const page = experimentResults.parse(await res.json());
    expect(page.total).toBe(10);
    expect(page.cases.map((c) => c.index)).toEqual([1, 2, 3]);
    const first = page.cases[0]!;
    expect(first.inputs).toEqual({ question: 'question 1' });
    expect(first.expected).toBe('question 1');
    expect(first.cells.map((c) => c.output)).toEqual(['question 1', 'Q: question 1']);
    expect(first.cells[1]!.scores[0]).toMatchObject({ scorer: 0, score: 0 });
    expect(first.cells[1]!.scores[0]!.reason).toMatch(/not "question 1"/);
    expect(first.cells[0]!.attempts).toBe(1);

    // Sorted and filtered by the second variant's... first variant's exact match.
    const failing = experimentResults.parse(
      await (
        await ben(
          `${experimentsPath}/${created.id}/results?variant=0&scorer=0&maxScore=0.5&sort=score&direction=desc`,
        )
      ).json(),
    );
    expect(failing.total).toBe(5);
    expect(failing.cases.map((c) => c.index)).toEqual([5, 6, 7, 8, 9]);
    const byState = experimentResults.parse(
      await (await ben(`${experimentsPath}/${created.id}/results?state=DONE`)).json(),
    );
    expect(byState.total).toBe(10);

    const csv = await ben(`${experimentsPath}/${created.id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'case,question,expected,plain output,plain exactMatch,plain contains,plain length,prefixed output,prefixed exactMatch,prefixed contains,prefixed length',
    );
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('0,question 0,question 0,question 0,1,1,1,Q: question 0,0,1,0');
  });

  it('estimates calls and tokens before it runs, from the same body', async () => {
    const body = echoBody(datasetId, {
      variants: [
        { model: 'local.template-echo', template: '${question}', maxTokens: 50 },
        { model: 'local.template-echo', template: 'Q: ${question}' },
      ],
      scorers: [{ type: 'judge', model: 'local.template-echo', rubric: 'Is it right?' }],
    });
    const res = await ben(`${experimentsPath}/estimate`, { method: 'POST', json: body });
    expect(res.status).toBe(200);
    const estimate = experimentEstimate.parse(await res.json());
    expect(estimate).toMatchObject({ cases: 10, calls: 20, judgeCalls: 20 });
    // "question N" is 3 tokens, "Q: question N" 5.
    expect(estimate.inputTokens).toBe(10 * 3 + 10 * 5);
    expect(estimate.maxOutputTokens).toBe(10 * (50 + 512) + 20 * 256);
  });

  it('reads a filtered range of the rows, mapping `input` like any placeholder', async () => {
    const created = await createExperiment(
      ben,
      echoBody(datasetId, {
        cases: {
          datasetId,
          offset: 1,
          limit: 2,
          filter: { column: 'parity', operator: 'EQUALS', value: 'even' },
        },
        mapping: { input: 'question' },
        variants: [{ model: 'local.template-echo', template: 'In: ${input}' }],
      }),
    );
    const page = experimentResults.parse(
      await (await ben(`${experimentsPath}/${created.id}/results`)).json(),
    );
    expect(page.cases.map((c) => c.inputs.input)).toEqual(['question 2', 'question 4']);
    const done = await experimentWhen(ben, created.id);
    expect(done.state).toBe('SUCCESS');
  });

  it('stops running a pattern that runs out of time on three answers of a run', async () => {
    const slowId = await casesDataset(platform, {
      name: 'Backtracking',
      owner: 2,
      columns: ['question'],
      rows: Array.from({ length: 5 }, () => [`${'a'.repeat(40)}!`]),
    });
    const created = await createExperiment(
      ben,
      echoBody(slowId, {
        expectedColumn: undefined,
        scorers: [{ type: 'regex', pattern: '^(a+)+$' }],
        concurrency: 1,
      }),
    );
    expect((await experimentWhen(ben, created.id)).state).toBe('SUCCESS');
    const page = experimentResults.parse(
      await (await ben(`${experimentsPath}/${created.id}/results`)).json(),
    );
    const reasons = page.cases.map((c) => c.cells[0]!.scores[0]!.reason);
    expect(reasons.slice(0, 3)).toEqual(
      Array.from({ length: 3 }, () => 'the pattern ran longer than 100 ms on the answer'),
    );
    expect(reasons.slice(3)).toEqual(
      Array.from(
        { length: 2 },
        () => 'not run: the pattern ran out of time on 3 answers of this run',
      ),
    );
  });

  it('lists the own experiments (an Admin every one), by state', async () => {
    const mine = experimentList.parse(await (await ben(experimentsPath)).json());
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((e) => e.owner === 2)).toBe(true);
    const eves = experimentList.parse(await (await as('eve', experimentsPath)).json());
    expect(eves).toEqual([]);
    const all = experimentList.parse(await (await ada(`${experimentsPath}?state=SUCCESS`)).json());
    expect(all.length).toBe(mine.filter((e) => e.state === 'SUCCESS').length);
    expect(all[0]!.summary[0]!.done).toBeGreaterThan(0);
  });

  it('saves the results as a new dataset, whose rows the datasets API reads', async () => {
    const created = await createExperiment(ben, echoBody(datasetId, { name: 'To save' }));
    await experimentWhen(ben, created.id);
    const res = await ben(`${experimentsPath}/${created.id}/dataset`, {
      method: 'POST',
      json: { name: 'Saved results' },
    });
    expect(res.status).toBe(201);
    const saved = savedExperimentDataset.parse(await res.json());
    expect(saved).toMatchObject({ name: 'Saved results', rows: 10 });
    const preview = await ben(`/api/query/v1/execute/${saved.datasetId}`, {
      method: 'POST',
      json: { sql: 'SELECT * FROM table LIMIT 2' },
    });
    expect(preview.status).toBe(200);
    const table = (await preview.json()) as { columns: string[]; rows: unknown[][] };
    expect(table.columns).toEqual([
      'case',
      'question',
      'expected',
      'variant 1 output',
      'variant 1 latency ms',
      'variant 1 tokens',
      'variant 1 exactMatch',
    ]);
    expect(table.rows[0]!.slice(0, 4)).toEqual([0, 'question 0', 'question 0', 'question 0']);
    expect(table.rows[0]![6]).toBe(1);

    // A new version of it: replaced, not appended.
    const again = await ben(`${experimentsPath}/${created.id}/dataset`, {
      method: 'POST',
      json: { datasetId: saved.datasetId },
    });
    expect(again.status).toBe(201);
    const details = await ben(`/api/data/v3/datasources/${saved.datasetId}`);
    expect(((await details.json()) as { rowCount: number }).rowCount).toBe(10);
    // Another user's dataset Ben may not change: not found for him.
    const eves = await casesDataset(platform, {
      name: 'Eve only',
      owner: 5,
      columns: ['question'],
      rows: [['x']],
    });
    const refused = await ben(`${experimentsPath}/${created.id}/dataset`, {
      method: 'POST',
      json: { datasetId: eves },
    });
    expect(refused.status).toBe(404);
  });
});
