import type { Experiment, ExperimentCase } from '../../../api/contract';

/** An experiment of two variants and two scorers over "Sales by region", as the platform sends it. */
export const anExperiment = (overrides: Partial<Experiment> = {}): Experiment => ({
  id: 'exp-1',
  name: 'Regional wording',
  promptName: 'Regional summary',
  state: 'SUCCESS',
  datasetId: 'ds-sales',
  datasetName: 'Sales by region',
  cases: { datasetId: 'ds-sales', offset: 0, limit: 2 },
  mapping: { product: 'product', region: 'region' },
  expectedColumn: 'region',
  variants: [
    {
      model: 'local.template-echo',
      promptVersion: 'v2',
      template: 'Report ${product} in ${region}.',
    },
    {
      model: 'local.template-echo',
      promptVersion: 'v1',
      template: 'Sales of ${product}, ${region}',
    },
  ],
  scorers: [
    { type: 'contains', caseSensitive: true },
    { type: 'length', min: 10, max: 200 },
  ],
  concurrency: 8,
  owner: 1,
  ownerName: 'Ada Admin',
  createdAt: '2026-12-06T10:00:00.000Z',
  startedAt: '2026-12-06T10:00:01.000Z',
  finishedAt: '2026-12-06T10:00:05.000Z',
  error: null,
  progress: { total: 4, done: 3, failed: 1, cancelled: 0 },
  summary: [
    {
      variant: 0,
      meanScores: [1, 1],
      passRate: 1,
      p50LatencyMs: 12,
      p95LatencyMs: 20,
      inputTokens: 20,
      outputTokens: 20,
      done: 2,
      failed: 0,
    },
    {
      variant: 1,
      meanScores: [0.5, 1],
      passRate: 0.5,
      p50LatencyMs: 15,
      p95LatencyMs: 15,
      inputTokens: 10,
      outputTokens: 10,
      done: 1,
      failed: 1,
    },
  ],
  ...overrides,
});

const done = (variant: number, output: string) => ({
  variant,
  state: 'DONE' as const,
  output,
  truncated: false,
  error: null,
  scores: [
    { scorer: 0, score: 1, reason: null },
    { scorer: 1, score: 1, reason: null },
  ],
  inputTokens: 5,
  outputTokens: 5,
  latencyMs: 12,
  attempts: 1,
});

export const someCases: ExperimentCase[] = [
  {
    index: 0,
    inputs: { product: 'Widgets', region: 'North' },
    expected: 'North',
    cells: [done(0, 'Report Widgets in North.'), done(1, 'Sales of Widgets, North')],
  },
  {
    index: 1,
    inputs: { product: 'Gadgets', region: 'South' },
    expected: 'South',
    cells: [
      done(0, 'Report Gadgets in South.'),
      {
        variant: 1,
        state: 'FAILED',
        output: null,
        truncated: false,
        error: 'the provider answered 429 three times',
        scores: [],
        inputTokens: null,
        outputTokens: null,
        latencyMs: null,
        attempts: 3,
      },
    ],
  },
];
