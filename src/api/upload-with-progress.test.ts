import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '../test/server';
import { ApiError } from './errors';
import { uploadWithProgress } from './upload-with-progress';

const form = () => {
  const data = new FormData();
  data.append('createFileRequest', '{}');
  return data;
};
const answer = z.object({ id: z.string() });

describe('uploadWithProgress', () => {
  it('posts the form and parses the answer with the schema', async () => {
    server.use(http.post('/api/upload', () => HttpResponse.json({ id: 'f-1' })));
    await expect(
      uploadWithProgress({ path: '/api/upload', body: form(), schema: answer }),
    ).resolves.toEqual({
      id: 'f-1',
    });
  });

  it('turns an error body into an ApiError with its status and message', async () => {
    server.use(
      http.post('/api/upload', () =>
        HttpResponse.json({ message: 'A file a.md already exists' }, { status: 409 }),
      ),
    );
    const error = await uploadWithProgress({
      path: '/api/upload',
      body: form(),
      schema: answer,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'A file a.md already exists' });
  });

  it('refuses an answer that breaks the contract', async () => {
    server.use(http.post('/api/upload', () => HttpResponse.json({ name: 'x' })));
    await expect(
      uploadWithProgress({ path: '/api/upload', body: form(), schema: answer }),
    ).rejects.toMatchObject({ kind: 'contract' });
  });

  it('does not send when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadWithProgress({
        path: '/api/upload',
        body: form(),
        schema: answer,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
