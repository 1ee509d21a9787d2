import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { draftReducer, emptyDraft, toDraft, type Draft, type DraftAction } from '../lib/draft';
import { checkDraft, platformProblems } from '../lib/problems';
import { stepFields } from '../lib/step-fields';

const apply = (draft: Draft, ...actions: DraftAction[]) => actions.reduce(draftReducer, draft);

describe('step fields', () => {
  it('are read from the contract: kinds, choices and what is required', () => {
    expect(stepFields.wait).toEqual([
      expect.objectContaining({ key: 'seconds', kind: 'number', required: true }),
    ]);
    const http = Object.fromEntries(stepFields.http.map((f) => [f.key, f]));
    expect(http.method).toMatchObject({ kind: 'select', required: true });
    expect(http.method?.options).toContain('POST');
    expect(http.headers).toMatchObject({ kind: 'json', required: false });
    expect(http.url).toMatchObject({ label: 'URL', kind: 'text', required: true });
    const transform = Object.fromEntries(stepFields.transform.map((f) => [f.key, f]));
    expect(transform.select?.kind).toBe('list');
    expect(transform.from?.kind).toBe('id');
    expect(stepFields.generate.find((f) => f.key === 'promptTemplate')?.kind).toBe('multiline');
    // What names a dataset, collection or stream is picked by name.
    expect(stepFields['stream.run'].find((f) => f.key === 'streamId')).toMatchObject({
      kind: 'stream',
      acceptsNumber: true,
    });
    expect(stepFields.export.find((f) => f.key === 'datasetId')?.kind).toBe('dataset');
    expect(stepFields['documents.query'].find((f) => f.key === 'collectionId')?.kind).toBe(
      'collection',
    );
  });
});

describe('the draft', () => {
  it('adds, moves and removes steps, and writes the JSON after each', () => {
    const draft = apply(
      emptyDraft(),
      { type: 'addStep', stepType: 'wait' },
      { type: 'addStep', stepType: 'notify' },
      { type: 'moveStep', index: 1, by: -1 },
    );
    expect(draft.definition.steps.map((s) => s.id)).toEqual(['notify1', 'wait1']);
    expect(JSON.parse(draft.json)).toEqual(draft.definition);
    const [first, second] = draft.stepKeys;
    const removed = apply(draft, { type: 'removeStep', index: 0 });
    expect(removed.stepKeys).toEqual([second]);
    expect(removed.stepKeys).not.toContain(first);
    expect(removed.definition.steps).toEqual([
      { id: 'wait1', name: 'Wait', type: 'wait', seconds: 0 },
    ]);
  });

  it('takes JSON that parses and keeps the form when it does not', () => {
    const draft = apply(emptyDraft(), { type: 'addStep', stepType: 'wait' });
    const edited = apply(draft, {
      type: 'json',
      text: '{"steps": [{"id": "w", "name": "Pause", "type": "wait", "seconds": 3}]}',
    });
    expect(edited.definition.steps[0]).toMatchObject({ id: 'w', seconds: 3 });
    expect(edited.jsonError).toBeNull();
    const broken = apply(edited, { type: 'json', text: '{"steps": [' });
    expect(broken.jsonError).toMatch(/JSON/);
    expect(broken.definition).toEqual(edited.definition);
    expect(broken.json).toBe('{"steps": [');
  });
});

describe('problems', () => {
  it('places the contract’s issues on the step and field', () => {
    const draft = toDraft({
      name: 'x',
      definition: { steps: [{ id: 'a', name: 'A', type: 'wait', seconds: 99999 }] },
    });
    expect(checkDraft(draft).steps[0]?.seconds).toMatch(/at most/);
  });

  it('reads the platform’s 400 naming definition.steps[i].field', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      message: 'definition.steps[1].url: the host example.org is not allowed',
      path: 'POST /v1/workflows',
    });
    expect(platformProblems(error)?.steps[1]).toEqual({
      url: 'the host example.org is not allowed',
    });
  });
});
