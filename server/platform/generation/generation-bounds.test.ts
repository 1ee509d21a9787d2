import http from 'node:http';
import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { messageError, textGenerationResponse } from '../../../src/api/contract';
import { generationPath, longestStall, useProviderPlatforms } from '../testing/provider';
import { countTokens, firstTokens } from './tokens';

const API_KEY = 'sk-bounds-test-key-0123456789';

let respond: (res: http.ServerResponse) => void;
const fixture = useProviderPlatforms((req, res) => {
  req.resume();
  req.on('end', () => respond(res));
}, API_KEY);

const generate = (json: unknown, on = fixture.platform) =>
  on.api(generationPath, { method: 'POST', json });
const refusal = async (res: Response, status: number) => {
  expect(res.status).toBe(status);
  return messageError.parse(await res.json()).message;
};

describe('token counting', () => {
  it('counts ordinary text exactly as the tokenizer does over the whole text', () => {
    const prose = 'The quick brown fox, said she, jumps over the lazy dog.\n\n'.repeat(400);
    expect(countTokens(prose)).toBe(encode(prose, { disallowedSpecial: new Set() }).length);
    expect(firstTokens(prose, 7).text).toBe('The quick brown fox, said she');
  });

  it('is linear on a run of one character', () => {
    const started = performance.now();
    expect(countTokens('y'.repeat(200_000))).toBeGreaterThan(40_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('prompt bounds', () => {
  it(
    'answers a 100,000-`y` input without holding the event loop',
    { timeout: 60_000 },
    async () => {
      const { result: res, stallMs } = await longestStall(() =>
        generate({ input: 'y'.repeat(100_000) }),
      );
      expect(res.status).toBe(200);
      const answer = textGenerationResponse.parse(await res.json());
      expect(answer.usage.inputTokens).toBe(countTokens(answer.prompt));
      expect(answer.usage.outputTokens).toBeLessThanOrEqual(512);
      // Counted off the event loop; a busy machine may pause a little.
      expect(stallMs).toBeLessThan(300);
    },
  );

  it('refuses a prompt over the character limit before building it, naming the limit', async () => {
    const message = await refusal(
      await generate({ input: 'x'.repeat(200_000), promptTemplate: '${input}'.repeat(2_000) }),
      400,
    );
    expect(message).toBe(
      'the prompt would be 400,000,000 characters; the limit is 400,000 characters',
    );
  });

  it('refuses a prompt over the token limit, naming the limit', { timeout: 30_000 }, async () => {
    const message = await refusal(
      await generate({ input: ' a'.repeat(100_000), promptTemplate: '${input}${input}' }),
      400,
    );
    expect(message).toBe('the prompt is 200,000 tokens; the limit is 128,000 tokens');
  });
});

describe('null means absent', () => {
  it('accepts the vendor client’s nulls as fields left out', async () => {
    const res = await generate({
      input: 'hello',
      parameters: null,
      model: null,
      modelConfiguration: null,
      promptTemplate: null,
      sessionId: null,
    });
    expect(res.status).toBe(200);
    expect(textGenerationResponse.parse(await res.json()).modelId).toBe('local.template-echo');
    expect(await refusal(await generate({ input: null }), 400)).toMatch(/^input: /);
  });
});

describe('provider answers', () => {
  it(
    'refuses an answer larger than 4 MiB with a 502 naming the limit, without reading it',
    {
      timeout: 60_000,
    },
    async () => {
      let written = 0;
      const total = 64 * 1024 * 1024;
      respond = (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        res.write('{"choices":[{"message":{"content":"');
        const more = () => {
          while (written < total && !res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end('"}}]}');
        };
        more();
      };
      const { result: res, stallMs } = await longestStall(() =>
        generate({ input: 'x' }, fixture.withProvider),
      );
      expect(await refusal(res, 502)).toBe(
        "the model provider's answer is larger than 4 MiB, the limit: it was not read",
      );
      expect(written).toBeLessThan(total / 2);
      expect(stallMs).toBeLessThan(300);

      respond = (res) =>
        res.writeHead(200, { 'content-length': String(total) }).end(Buffer.alloc(1024));
      expect(await refusal(await generate({ input: 'x' }, fixture.withProvider), 502)).toMatch(
        /larger than 4 MiB, the limit/,
      );
    },
  );

  it('never relays or logs the key, a bearer token or a key-shaped word', async () => {
    const quoted = [
      `Incorrect API key provided: Bearer ${API_KEY}`,
      `key ${API_KEY.slice(0, 10)}${API_KEY.slice(10)} is not valid; try sk-proj-AbCdEf123456`,
      `header was Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc`,
    ];
    for (const [status, message] of [401, 400, 500].map((s, i) => [s, quoted[i]!] as const)) {
      respond = (res) => res.writeHead(status).end(JSON.stringify({ error: { message } }));
      const body = await refusal(
        await generate({ input: 'x' }, fixture.withProvider),
        status === 400 ? 400 : 502,
      );
      expect(body).toContain('[redacted]');
      for (const secret of [API_KEY, 'sk-proj-AbCdEf123456', 'eyJhbGciOiJIUzI1NiJ9'])
        expect(body + fixture.logs.join('\n')).not.toContain(secret);
    }
  });
});
