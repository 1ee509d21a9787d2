import { describe, expect, it } from 'vitest';
import { createExperimentBody } from '../../../api/contract';
import { resultsQuery, resultsSpec } from '../experiments/lib/list-params';
import {
  autoMap,
  emptySetup,
  mappedPlaceholders,
  newScorer,
  newVariant,
  promptVersions,
  savedSource,
  setupSchema,
  toBody,
} from '../experiments/lib/setup-form';
import { readParams } from '../../../lib/list-params';
import { initialDraft } from '../lib/draft';
import type { SavedPrompt } from '../lib/saved-prompts';

const saved: SavedPrompt = {
  name: 'Regional summary',
  savedAt: '2026-12-01T10:00:00.000Z',
  draft: { ...initialDraft, template: 'Report ${product} sales in ${Region}.' },
  versions: [
    {
      savedAt: '2026-11-30T10:00:00.000Z',
      draft: { ...initialDraft, template: 'Sales: ${input}' },
    },
  ],
};

describe('experiment setup', () => {
  it('lists a saved prompt’s versions newest first, numbered as the playground numbers them', () => {
    const versions = promptVersions(savedSource('Regional summary'), [saved], undefined);
    expect(versions.map((v) => v.key)).toEqual(['v2', 'v1']);
    expect(promptVersions('draft', [saved], undefined)).toEqual([]);
    expect(promptVersions('draft', [], initialDraft)[0]?.key).toBe('draft');
  });

  it('maps every placeholder but ${system}, by name, case and punctuation aside, keeping choices', () => {
    const names = mappedPlaceholders(['Hi ${name} ${system}', 'For ${order_id}: ${name}']);
    expect(names).toEqual(['name', 'order_id']);
    expect(autoMap(names, ['Name', 'orderId', 'other'], {})).toEqual({
      name: 'Name',
      order_id: 'orderId',
    });
    expect(autoMap(names, ['Name', 'orderId', 'other'], { name: 'other', gone: 'x' })).toEqual({
      name: 'other',
      order_id: 'orderId',
    });
    expect(autoMap(['city'], ['region'], {})).toEqual({ city: '' });
  });

  it('makes the contract’s create body of a checked form', () => {
    const versions = promptVersions(savedSource('Regional summary'), [saved], undefined);
    const form = {
      ...emptySetup(savedSource('Regional summary'), 'local.template-echo', 'v2'),
      name: ' Regional wording ',
      datasetId: 'ds-1',
      limit: '6',
      mapping: { product: 'product', Region: 'region', input: 'product' },
      expectedColumn: 'region',
      variants: [
        newVariant('local.template-echo', 'v2'),
        {
          ...newVariant('local.template-echo', 'v1'),
          temperature: '0.5',
          responseKind: 'json' as const,
        },
      ],
      scorers: [newScorer('contains'), { ...newScorer('length'), min: '10', max: '200' }],
    };
    expect(setupSchema.safeParse(form).success).toBe(true);
    const body = toBody(form, versions, 'Regional summary');
    expect(createExperimentBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      name: 'Regional wording',
      promptName: 'Regional summary',
      cases: { datasetId: 'ds-1', offset: 0, limit: 6 },
      expectedColumn: 'region',
      concurrency: 8,
      variants: [
        { promptVersion: 'v2', template: 'Report ${product} sales in ${Region}.' },
        { promptVersion: 'v1', template: 'Sales: ${input}', temperature: 0.5 },
      ],
      scorers: [
        { type: 'contains', caseSensitive: true },
        { type: 'length', min: 10, max: 200 },
      ],
    });
    expect(body?.variants[1]?.responseFormat).toMatchObject({ type: 'json_schema' });
  });

  it('refuses what the platform would: a comparing scorer without the expected column, a bad limit', () => {
    const form = {
      ...emptySetup('draft', 'm', 'draft'),
      name: 'x',
      datasetId: 'ds-1',
      limit: '1001',
      scorers: [newScorer('exactMatch'), { ...newScorer('regex'), pattern: '(' }],
    };
    const result = setupSchema.safeParse(form);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['limit', 'scorers.0.type', 'scorers.1.pattern']));
  });
});

describe('results in the URL', () => {
  it('asks for score order and bounds only with a scorer', () => {
    const read = (search: string) => readParams(resultsSpec, new URLSearchParams(search));
    expect(resultsQuery(read('sort=score&min=0.5&page=2'))).toEqual({
      offset: 20,
      limit: 20,
      variant: 0,
      sort: 'case',
      direction: 'asc',
    });
    expect(
      resultsQuery(read('variant=1&scorer=0&sort=score&dir=desc&min=0.5&max=2&state=FAILED')),
    ).toEqual({
      offset: 0,
      limit: 20,
      variant: 1,
      scorer: 0,
      sort: 'score',
      direction: 'desc',
      minScore: 0.5,
      state: 'FAILED',
    });
  });
});
