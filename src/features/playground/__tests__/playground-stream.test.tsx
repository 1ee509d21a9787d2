import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TextGenerationResponse } from '../../../api/contract';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const models = [
  {
    id: 'local.template-echo',
    name: 'Template echo (built in, not a language model)',
    default: true,
    provider: 'built-in',
  },
];

const answer = (output: string): TextGenerationResponse => ({
  prompt: output,
  output,
  modelId: 'local.template-echo',
  sessionId: 's-stream',
  choices: [{ output }],
  usage: { inputTokens: 9, outputTokens: 9, totalTokens: 18 },
  isCustomerModel: false,
});

const event = (name: string, data: unknown) =>
  new TextEncoder().encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * The embedded platform's streamed answer (the test server's gateway says `embedded`): the
 * first piece, then the rest once `release()` is called (never, for a run that is stopped).
 */
function givenStreamingPlatform(first: string, rest: string[]) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const seen = { accept: '' as string | null, aborted: false };
  server.use(
    http.get('/api/ai/v1/settings/services/generation/models', () => HttpResponse.json(models)),
    http.get('/api/ai/v1/text/generation/sessions/:id', () =>
      HttpResponse.json({ message: 'No generation session' }, { status: 404 }),
    ),
    http.post('/api/ai/v1/text/generation', ({ request }) => {
      seen.accept = request.headers.get('accept');
      request.signal.addEventListener('abort', () => (seen.aborted = true));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(event('delta', { text: first }));
          await released;
          for (const text of rest) controller.enqueue(event('delta', { text }));
          controller.enqueue(event('done', answer([first, ...rest].join(''))));
          controller.close();
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { release, seen };
}

describe('/playground, streamed answers', { timeout: 60_000 }, () => {
  it('shows the answer growing, then the whole answer, announced once at the end', async () => {
    const { release, seen } = givenStreamingPlatform('Dear Ada, ', ['about ', 'the Q3 numbers.']);
    renderApp('/playground?session=s-stream');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Run$/ }, { timeout: 30_000 }));

    const sofar = await screen.findByRole('region', { name: 'Answer so far' });
    expect(sofar).toHaveTextContent('Dear Ada,');
    expect(sofar).toHaveAttribute('aria-busy', 'true');
    expect(sofar).not.toHaveAttribute('aria-live');
    expect(screen.queryByRole('region', { name: 'Output' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
    const status = screen.getByRole('status', { name: 'Run status' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(/^$/);
    expect(seen.accept).toBe('text/event-stream');

    release();
    expect(await screen.findByRole('region', { name: 'Output' })).toHaveTextContent(
      'Dear Ada, about the Q3 numbers.',
    );
    expect(screen.queryByRole('region', { name: 'Answer so far' })).toBeNull();
    expect(status).toHaveTextContent('The answer is complete');
    expect(screen.getByText(/9 in · 9 out · 18 tokens/)).toBeVisible();
  });

  it('Stop aborts the run and keeps what arrived, marked stopped', async () => {
    const { seen } = givenStreamingPlatform('The North grew ', ['never sent']);
    renderApp('/playground?session=s-stop');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Run$/ }, { timeout: 30_000 }));
    expect(await screen.findByRole('region', { name: 'Answer so far' })).toHaveTextContent(
      'The North grew',
    );
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    const stopped = await screen.findByRole('region', { name: 'Output (stopped)' });
    expect(stopped).toHaveTextContent('The North grew');
    expect(stopped).not.toHaveTextContent('never sent');
    expect(screen.getByText('Stopped')).toBeVisible();
    await waitFor(() => expect(seen.aborted).toBe(true));
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent(
      'Stopped: the answer so far is kept',
    );
    expect(screen.getByRole('button', { name: /^Run$/ })).toBeEnabled();
    expect(screen.queryByText('Run cancelled: nothing was kept.')).toBeNull();
  });
});
