import http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  generationModels,
  generationSession,
  generationSessionList,
  messageError,
  textGenerationResponse,
} from '../../../src/api/contract';
import { generationPath, useProviderPlatforms } from '../testing/provider';
import { countTokens } from './tokens';

const API_KEY = 'sk-test-key-that-must-stay-inside';

/** A small OpenAI-compatible server that records what it received and answers as told. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
const received: Received[] = [];
let reply: (body: Record<string, unknown>, res: http.ServerResponse) => void;
const answerWith =
  (content: string, usage = { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 }) =>
  (_body: Record<string, unknown>, res: http.ServerResponse) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage }));

const fixture = useProviderPlatforms(
  (req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      received.push({ headers: req.headers, body });
      reply(body, res);
    });
  },
  API_KEY,
  { GENERATION_OPENAI_MODELS: 'small-chat,reasoner', GENERATION_TIMEOUT_SECONDS: '1' },
);

const generate = (json: unknown, on = fixture.platform) =>
  on.api(generationPath, { method: 'POST', json });
const answer = async (json: unknown, on = fixture.platform) => {
  const res = await generate(json, on);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return textGenerationResponse.parse(await res.json());
};
const refusal = async (res: Response, status = 400) => {
  expect(res.status).toBe(status);
  return messageError.parse(await res.json()).message;
};

describe('template rules (4.11)', () => {
  it('injects ${input} and ${system}, and the default system message when none is sent', async () => {
    const sent = await answer({
      input: 'hi',
      promptTemplate: '[${system}] ${input}',
      system: 'Be brief.',
    });
    expect(sent.prompt).toBe('[Be brief.] hi');
    const fallback = await answer({ input: 'hi', promptTemplate: '[${system}] ${input}' });
    expect(fallback.prompt).toBe('[You are a helpful assistant.] hi');
  });

  it('fills custom placeholders from parameters, and accepts the template as {template}', async () => {
    const res = await answer({
      input: 'sales rose',
      promptTemplate: { template: 'For ${audience}, in ${words} words: ${input}' },
      parameters: { audience: 'the board', words: '10', unused: 'x' },
    });
    expect(res.prompt).toBe('For the board, in 10 words: sales rose');
  });

  it('uses the model default template when none is given', async () => {
    const res = await answer({ input: 'hello', system: 'S' });
    expect(res.prompt).toBe('S\n\nhello');
  });

  it('refuses a placeholder left unfilled, naming every one', async () => {
    expect(
      await refusal(await generate({ input: 'x', promptTemplate: 'To ${audience}: ${input}' })),
    ).toBe("the prompt template's placeholder ${audience} has no value: add it to parameters");
    expect(
      await refusal(await generate({ input: 'x', promptTemplate: '${a} ${b.c} ${a}' })),
    ).toMatch(/placeholders \$\{a\}, \$\{b\.c\} have no value/);
  });

  it('refuses an unconfigured model, naming it', async () => {
    expect(await refusal(await generate({ input: 'x', model: 'gpt-large' }))).toMatch(
      /^model: "gpt-large" is not configured for text generation \(configured: local\.template-echo\)/,
    );
  });
});

describe('the built-in model', () => {
  it('answers deterministically with real token counts, a new session, and honours maxTokens', async () => {
    const first = await answer({ input: 'The quick brown fox jumps over the lazy dog.' });
    const again = await answer({ input: 'The quick brown fox jumps over the lazy dog.' });
    expect(first.output).toBe(again.output);
    expect(first.modelId).toBe('local.template-echo');
    expect(first.choices).toEqual([{ output: first.output }]);
    expect(first.usage.inputTokens).toBe(countTokens(first.prompt));
    expect(first.usage.totalTokens).toBe(first.usage.inputTokens + first.usage.outputTokens);
    expect(first.sessionId).not.toBe(again.sessionId);
    const short = await answer({ input: 'one two three four five six seven eight', maxTokens: 3 });
    expect(short.usage.outputTokens).toBeLessThanOrEqual(3);
    expect(short.output.length).toBeLessThan(short.prompt.length);
  });

  it('keeps the requests of a session in order and lists the session', async () => {
    const sessionId = `s-${Date.now()}`;
    for (const input of ['first', 'second', 'third']) await answer({ input, sessionId });
    const session = generationSession.parse(
      await (await fixture.platform.api(`${generationPath}/sessions/${sessionId}`)).json(),
    );
    expect(session.runs.map((r) => r.request.input)).toEqual(['first', 'second', 'third']);
    expect(session.runs.map((r) => r.seq)).toEqual([1, 2, 3]);
    const list = generationSessionList.parse(
      await (await fixture.platform.api(`${generationPath}/sessions`)).json(),
    );
    expect(list[0]).toMatchObject({ sessionId, runCount: 3 });
    expect((await fixture.platform.api(`${generationPath}/sessions/nope`)).status).toBe(404);
  });

  it('lists the configured models with the built-in one as default', async () => {
    const models = generationModels.parse(
      await (await fixture.platform.api('/api/ai/v1/settings/services/generation/models')).json(),
    );
    expect(models).toEqual([
      {
        id: 'local.template-echo',
        name: 'Template echo (built in, not a language model)',
        default: true,
        provider: 'built-in',
      },
    ]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    expect(await refusal(await generate({}))).toMatch(/^input: /);
    expect(await refusal(await generate({ input: 'x', temperature: 5 }))).toMatch(/^temperature/);
    expect(await refusal(await generate({ input: 'x', sessionId: 'a b' }))).toMatch(/^sessionId/);
    expect(await refusal(await generate({ input: 'x'.repeat(200_001) }))).toMatch(/^input/);
  });
});

describe('an OpenAI-compatible provider', () => {
  it('receives the formatted prompt, the system message apart, and every setting', async () => {
    reply = answerWith('A short answer.');
    received.length = 0;
    const res = await answer(
      {
        input: 'Why is the sky blue?',
        promptTemplate: 'Answer for ${audience}: ${input}',
        parameters: { audience: 'children' },
        system: 'Be kind.',
        temperature: 0.2,
        maxTokens: 50,
        responseFormat: { type: 'json_schema', json_schema: { name: 'a', schema: {} } },
        reasoningConfig: { effort: 'low' },
      },
      fixture.withProvider,
    );
    expect(res).toMatchObject({
      prompt: 'Answer for children: Why is the sky blue?',
      output: 'A short answer.',
      modelId: 'small-chat',
      usage: { inputTokens: 11, outputTokens: 3, totalTokens: 14 },
    });
    expect(received[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(received[0]!.body).toEqual({
      model: 'small-chat',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Answer for children: Why is the sky blue?' },
      ],
      temperature: 0.2,
      max_tokens: 50,
      response_format: { type: 'json_schema', json_schema: { name: 'a', schema: {} } },
      reasoning_effort: 'low',
    });
  });

  it('maps provider errors, rate limits and timeouts to clear platform errors', async () => {
    const cases: Array<[(res: http.ServerResponse) => void, number, RegExp]> = [
      [
        (res) =>
          res.writeHead(429, { 'retry-after': '7' }).end('{"error":{"message":"slow down"}}'),
        429,
        /rate limiting requests; retry after 7 s: slow down/,
      ],
      [
        (res) => res.writeHead(401).end('{"error":"bad key"}'),
        502,
        /refused the platform's credentials/,
      ],
      [
        (res) => res.writeHead(400).end('{"error":{"message":"context too long"}}'),
        400,
        /refused the request \(HTTP 400\): context too long/,
      ],
      [(res) => res.writeHead(500).end('oops'), 502, /failed \(HTTP 500\)/],
      [() => undefined, 504, /did not answer within 1 s/],
    ];
    for (const [respond, status, message] of cases) {
      reply = (_body, res) => respond(res);
      const res = await generate({ input: 'x', model: 'reasoner' }, fixture.withProvider);
      expect(await refusal(res, status)).toMatch(message);
    }
  });

  it('never returns or logs the API key', async () => {
    reply = answerWith('ok');
    const models = await (
      await fixture.withProvider.api('/api/ai/v1/settings/services/generation/models')
    ).text();
    const res = await (await generate({ input: 'x' }, fixture.withProvider)).text();
    expect(models + res + fixture.logs.join('\n')).not.toContain(API_KEY);
    expect(JSON.parse(models)).toHaveLength(3);
  });
});
