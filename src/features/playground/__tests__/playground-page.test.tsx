import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { aGatewayStatus } from '../../../test/data';
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

function givenPlatform(onGenerate: (request: Request) => Promise<Response> | Response) {
  server.use(
    http.get('/api/ai/v1/settings/services/generation/models', () => HttpResponse.json(models)),
    http.get('/api/ai/v1/text/generation/sessions/:id', () =>
      HttpResponse.json({ message: 'No generation session' }, { status: 404 }),
    ),
    http.post('/api/ai/v1/text/generation', ({ request }) => onGenerate(request)),
  );
}

// The page is a heavy lazy chunk (the code editor): its first import is slow on a busy machine.
describe('/playground', { timeout: 60_000 }, () => {
  it('cancels a run in flight: the request is aborted and nothing is shown as an answer', async () => {
    let aborted = false;
    let accept: string | null = null;
    // A real instance: the plain request, which has no streamed answer.
    server.use(
      http.get('/gateway/status', () => HttpResponse.json(aGatewayStatus({ mode: 'remote' }))),
    );
    givenPlatform(async (request) => {
      accept = request.headers.get('accept');
      request.signal.addEventListener('abort', () => (aborted = true));
      await delay('infinite');
      return HttpResponse.json({});
    });
    renderApp('/playground?session=s-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Run$/ }, { timeout: 30_000 }));
    expect(await screen.findByRole('progressbar', { name: 'Running the prompt' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Run cancelled: nothing was kept.')).toBeVisible();
    expect(aborted).toBe(true);
    expect(accept).toBe('application/json');
    expect(screen.getByRole('button', { name: /^Run$/ })).toBeEnabled();
  });

  it('shows the platform’s refusal with its status', async () => {
    givenPlatform(() =>
      HttpResponse.json(
        { message: 'model: "x" is not configured for text generation' },
        { status: 400 },
      ),
    );
    renderApp('/playground?session=s-2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Run$/ }, { timeout: 30_000 }));
    expect(await screen.findByText('The run failed')).toBeVisible();
    expect(screen.getByText(/is not configured for text generation/)).toBeVisible();
  });

  it('asks nothing for the history of a session it has just made, first or new', async () => {
    const asked: string[] = [];
    givenPlatform(() => HttpResponse.json({}));
    server.use(
      http.get('/api/ai/v1/text/generation/sessions/:id', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ message: 'No generation session' }, { status: 404 });
      }),
    );
    const { router } = renderApp('/playground');
    const user = userEvent.setup();
    expect(
      await screen.findByText('No run in this session yet', undefined, { timeout: 30_000 }),
    ).toBeVisible();
    const first = new URLSearchParams(router.state.location.search).get('session');
    expect(first).toMatch(/^playground-/);
    await user.click(screen.getByRole('button', { name: 'New session' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('session')).not.toBe(first),
    );
    expect(await screen.findByText('No run in this session yet')).toBeVisible();
    expect(asked).toEqual([]);
  });
});
