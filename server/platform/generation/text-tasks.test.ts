import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { generationSession, messageError, textGenerationResponse } from '../../../src/api/contract';
import { useProviderPlatforms } from '../testing/provider';
import {
  BEAST_MODE_SYSTEM,
  SUMMARIZE_SYSTEM,
  SUMMARY_STYLE_TEXT,
  TEXT_TO_SQL_SYSTEM,
} from './tasks';

// The text services beyond plain generation, on their public paths: text to SQL, summaries and
// text to beast mode, each a task's prompt over the same generation, its bounds and sessions.

const received: Array<Record<string, unknown>> = [];
const fixture = useProviderPlatforms((req, res: http.ServerResponse) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    received.push(JSON.parse(text) as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content: 'SELECT 1' } }],
        usage: { prompt_tokens: 20, completion_tokens: 2, total_tokens: 22 },
      }),
    );
  });
}, 'sk-test-key-for-tasks');

const sales = {
  dataSourceName: 'Store Sales',
  description: 'One row per sale',
  columns: [
    { name: 'region', type: 'STRING' },
    { name: 'amount', type: 'LONG' },
  ],
};

const post = (path: string, json: unknown, on = fixture.platform) =>
  on.api(`/api/ai/v1/text/${path}`, { method: 'POST', json });
const answer = async (path: string, json: unknown, on = fixture.platform) => {
  const res = await post(path, json, on);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return textGenerationResponse.parse(await res.json());
};
const refusal = async (res: Response) => {
  expect(res.status).toBe(400);
  return messageError.parse(await res.json()).message;
};

describe('text to SQL, summaries and text to beast mode (built-in model: echoes)', () => {
  it('text to SQL: the schemas it is given and the question, after its system message', async () => {
    const res = await answer('sql', {
      input: 'What are my total sales by region?',
      dataSourceSchemas: [sales],
      // The vendor's client sends nulls for what it leaves out.
      promptTemplate: null,
      parameters: null,
      model: null,
      modelConfiguration: null,
    });
    expect(res.modelId).toBe('local.template-echo');
    expect(res.prompt).toBe(
      `${TEXT_TO_SQL_SYSTEM}\n\n# MYSQL\n# The tables, as JSON (dataSourceName, description, columns with name and type):\n` +
        `# ${JSON.stringify([sales])}\n# Write a query that answers the following:\n` +
        '# What are my total sales by region?',
    );
    expect(res.output).toBe(res.prompt);
    expect(res.choices).toEqual([{ output: res.output }]);
  });

  it('summaries: the style and the length asked, by name or by the client’s numbers', async () => {
    const plain = await answer('summarize', { input: 'Sales rose in the north.' });
    expect(plain.prompt).toBe(
      `${SUMMARIZE_SYSTEM}\n\nWrite a summary of the text between triple backticks, ` +
        `${SUMMARY_STYLE_TEXT.PARAGRAPH}.\n\`\`\`\nSales rose in the north.\n\`\`\`\nSUMMARY:`,
    );
    const bulleted = await answer('summarize', {
      input: 'Sales rose in the north.',
      outputStyle: 0,
      outputWordLength: { min: 5, max: 10 },
      chatContext: [{ role: 0, content: 'Keep it short' }],
      chunkingConfiguration: { maxChunkSize: 1000, chunkOverlap: 0, separators: [] },
    });
    expect(bulleted.prompt).toContain('The conversation so far:\nUser: Keep it short\n\n');
    expect(bulleted.prompt).toContain(
      `Write a summary of 5 to 10 words of the text between triple backticks, ${SUMMARY_STYLE_TEXT.BULLETED}.`,
    );
    const numbered = await answer('summarize', { input: 'x', outputStyle: 'NUMBERED' });
    expect(numbered.prompt).toContain(SUMMARY_STYLE_TEXT.NUMBERED);
    expect(
      await refusal(await post('summarize', { input: 'x', outputWordLength: { min: 9, max: 2 } })),
    ).toMatch(/outputWordLength.*min is more than max/);
    expect(await refusal(await post('summarize', { input: 'x', outputStyle: 'HAIKU' }))).toMatch(
      /outputStyle/,
    );
  });

  it('text to beast mode: the calculated-field syntax, the dataset schema and the request', async () => {
    const res = await answer('beastmode', {
      input: 'Count distinct products',
      dataSourceSchema: sales,
      chatContext: null,
      system: null,
    });
    expect(res.prompt).toBe(
      `${BEAST_MODE_SYSTEM}\n\n# The dataset, as JSON (dataSourceName, description, columns with name and type):\n` +
        `# ${JSON.stringify(sales)}\n# Write a calculation for the following:\n# Count distinct products`,
    );
    expect(BEAST_MODE_SYSTEM).toMatch(/backticks/);
  });

  it('a request’s own template, system message and parameters win over the task’s', async () => {
    const res = await answer('sql', {
      input: 'q',
      dataSourceSchemas: [sales],
      promptTemplate: { template: '${system}|${dataSourceSchemas}|${input}|${dialect}' },
      system: 'mine',
      parameters: { dialect: 'POSTGRESQL' },
    });
    expect(res.prompt).toBe(`mine|${JSON.stringify([sales])}|q|POSTGRESQL`);
  });

  it('the bounds of text generation: a prompt past 400,000 characters is a 400 naming the limit', async () => {
    const wide = {
      dataSourceName: 'wide',
      columns: Array.from({ length: 1000 }, (_, i) => ({
        name: `${'c'.repeat(500)}${i}`,
        type: 'STRING',
      })),
    };
    expect(await refusal(await post('beastmode', { input: 'x', dataSourceSchema: wide }))).toMatch(
      /the prompt would be [\d,]+ characters; the limit is 400,000 characters/,
    );
    expect(
      await refusal(
        await post('sql', {
          input: 'x',
          dataSourceSchemas: Array.from({ length: 51 }, () => sales),
        }),
      ),
    ).toMatch(/dataSourceSchemas/);
    expect(await refusal(await post('sql', { input: 'x', model: 'gpt-nothing' }))).toMatch(
      /model: "gpt-nothing" is not configured/,
    );
  });

  it('each answer is kept in its session, with the text generation fields of the request', async () => {
    const first = await answer('sql', { input: 'one', dataSourceSchemas: [sales] });
    await answer('beastmode', { input: 'two', sessionId: first.sessionId });
    const res = await fixture.platform.api(
      `/api/ai/v1/text/generation/sessions/${first.sessionId}`,
    );
    const session = generationSession.parse(await res.json());
    expect(session.runs.map((r) => [r.request.input, r.response.prompt])).toEqual([
      ['one', first.prompt],
      ['two', expect.stringContaining('# two') as string],
    ]);
  });
});

describe('on an OpenAI-compatible model', () => {
  it('the task’s system message goes apart, and its template holds no ${system}', async () => {
    received.length = 0;
    const res = await answer(
      'sql',
      { input: 'total?', dataSourceSchemas: [sales] },
      fixture.withProvider,
    );
    expect(res).toMatchObject({ modelId: 'small-chat', output: 'SELECT 1' });
    expect(received[0]!.messages).toEqual([
      { role: 'system', content: TEXT_TO_SQL_SYSTEM },
      { role: 'user', content: res.prompt },
    ]);
    expect(res.prompt.startsWith('# MYSQL\n')).toBe(true);
  });
});
