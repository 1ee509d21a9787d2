import { describe, expect, it } from 'vitest';
import { textGenerationBody } from '../../../api/contract';
import { curlCommand } from '../lib/curl';
import { checkDraft, fromRequest, hasProblems, initialDraft, toRequest } from '../lib/draft';
import { readHistoryFile, toHistoryFile } from '../lib/history-file';
import { schemaProblems } from '../lib/json-schema';
import {
  readSavedPrompts,
  versionOf,
  MAX_PROMPT_VERSIONS,
  savePrompt,
  deletePrompt,
  SAVED_PROMPTS_KEY,
} from '../lib/saved-prompts';

describe('a draft', () => {
  it('names every unfilled placeholder of its own, but not ${input} or ${system}', () => {
    const problems = checkDraft({
      ...initialDraft,
      template: '${system} ${a} ${b} ${a} ${input}',
      parameters: { a: 'x' },
      input: '',
    });
    expect(problems.parameters).toEqual({ b: '${b} is in the template: give it a value' });
    expect(problems.input).toBe('${input} is in the template: write the input');
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(checkDraft(initialDraft))).toBe(false);
  });

  it('refuses settings the platform would refuse', () => {
    const problems = checkDraft({
      ...initialDraft,
      temperature: '3',
      maxTokens: '1.5',
      responseKind: 'json',
      schema: '[1]',
    });
    expect(problems).toMatchObject({
      temperature: 'A number from 0 to 2',
      maxTokens: 'A whole number from 1 to 32,768',
      schema: 'The schema must be a JSON object',
    });
  });

  it('becomes a valid 4.11 request and comes back from one unchanged', () => {
    const draft = {
      ...initialDraft,
      parameters: { audience: 'the board', stale: 'not in the template' },
      system: 'Be brief.',
      model: 'local.template-echo',
      temperature: '0.3',
      maxTokens: '40',
      responseKind: 'json' as const,
      reasoningEffort: 'low' as const,
    };
    const request = toRequest(draft, 'session-1');
    expect(textGenerationBody.parse(request)).toEqual(request);
    expect(request.parameters).toEqual({ audience: 'the board' });
    expect(request.responseFormat).toMatchObject({ type: 'json_schema' });
    expect(fromRequest(request)).toEqual({ ...draft, parameters: { audience: 'the board' } });
  });
});

describe('the JSON answer check', () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer' }, tags: { type: 'array', items: { enum: ['a', 'b'] } } },
    required: ['n'],
    additionalProperties: false,
  };
  it('accepts a matching value and names each mismatch with its path', () => {
    expect(schemaProblems({ n: 2, tags: ['a'] }, schema)).toEqual([]);
    expect(schemaProblems({ tags: ['c'], extra: 1 }, schema)).toEqual([
      '$.n: required',
      '$.tags[0]: expected one of "a", "b"',
      '$.extra: not allowed',
    ]);
    expect(schemaProblems('x', schema)).toEqual(['$: expected object, got string']);
  });
});

describe('copy as curl', () => {
  it('targets the gateway with the body, quoted for a shell, and carries no token', () => {
    const command = curlCommand('http://127.0.0.1:5173', { input: "it's", sessionId: 's' });
    expect(command).toContain("curl -X POST 'http://127.0.0.1:5173/api/ai/v1/text/generation'");
    expect(command).toContain(`--data-raw '{"input":"it'\\''s","sessionId":"s"}'`);
    expect(command.toLowerCase()).not.toMatch(/token|authorization/);
  });
});

describe('history files and saved prompts', () => {
  it('reads back an exported history, and says what is wrong with another file', () => {
    const file = toHistoryFile('s', []);
    expect(readHistoryFile(JSON.stringify(file))).toEqual({ ok: true, file });
    expect(readHistoryFile('nope')).toEqual({ ok: false, message: 'The file is not JSON' });
    expect(readHistoryFile('{"kind":"other"}')).toMatchObject({ ok: false });
  });

  it('keeps saved prompts by name, newest first, and survives a damaged store', () => {
    localStorage.clear();
    savePrompt('a', initialDraft);
    savePrompt('b', initialDraft);
    expect(savePrompt('a', { ...initialDraft, input: 'new' }).map((p) => p.name)).toEqual([
      'a',
      'b',
    ]);
    expect(readSavedPrompts()[0]!.draft.input).toBe('new');
    expect(deletePrompt('a').map((p) => p.name)).toEqual(['b']);
    localStorage.setItem(SAVED_PROMPTS_KEY, '{broken');
    expect(readSavedPrompts()).toEqual([]);
  });

  it('keeps each earlier save of a name as a version, newest first, bounded; the same draft is no new one', () => {
    localStorage.clear();
    savePrompt('a', { ...initialDraft, input: 'v1' });
    savePrompt('a', { ...initialDraft, input: 'v2' });
    savePrompt('a', { ...initialDraft, input: 'v2' });
    const [a] = savePrompt('a', { ...initialDraft, input: 'v3' });
    expect(a!.draft.input).toBe('v3');
    expect(a!.versions.map((v) => v.draft.input)).toEqual(['v2', 'v1']);
    expect(versionOf(a!)).toBe(3);
    for (let i = 4; i < 40; i++) savePrompt('a', { ...initialDraft, input: `v${i}` });
    const [many] = readSavedPrompts();
    expect(many!.versions).toHaveLength(MAX_PROMPT_VERSIONS);
    expect(many!.versions[0]!.draft.input).toBe('v38');
    // A prompt saved before versions existed reads as version 1.
    localStorage.setItem(
      SAVED_PROMPTS_KEY,
      JSON.stringify([{ name: 'old', savedAt: '2026-01-01T00:00:00Z', draft: initialDraft }]),
    );
    expect(readSavedPrompts()[0]!.versions).toEqual([]);
  });
});
