import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { ApiError, isNotFound, isSignInRequired } from './errors';
import { request } from './http';

/** Answers GET /probe with the given response and returns what request() threw. */
async function errorFrom(response: () => Response): Promise<ApiError> {
  server.use(http.get('/probe', response));
  const error = await request({ path: '/probe', schema: z.unknown() }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError', () => {
  it('7.1 document-store body: message, status, reason and trace id', async () => {
    const error = await errorFrom(() =>
      HttpResponse.json(
        { message: 'Collection not found', status: 404, statusReason: 'Not Found', toe: 'TOE-9' },
        { status: 404 },
      ),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      message: 'Collection not found',
      statusReason: 'Not Found',
      traceId: 'TOE-9',
      path: 'GET /probe',
    });
    expect(isNotFound(error)).toBe(true);
  });

  it('7.2 export body: errorCode', async () => {
    const error = await errorFrom(() =>
      HttpResponse.json({ errorCode: 'FORBIDDEN', message: 'No read access' }, { status: 403 }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      errorCode: 'FORBIDDEN',
      message: 'No read access',
    });
    expect(error.traceId).toBeUndefined();
    expect(isNotFound(error)).toBe(false);
  });

  it('7.3 tag body: message only', async () => {
    const error = await errorFrom(() =>
      HttpResponse.json({ message: 'Unknown entity' }, { status: 404 }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Unknown entity' });
  });

  it('{reason} body', async () => {
    const error = await errorFrom(() =>
      HttpResponse.json({ reason: 'INVALID_CREDENTIALS' }, { status: 401 }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      reason: 'INVALID_CREDENTIALS',
      message: 'INVALID_CREDENTIALS',
    });
  });

  it.each([421, 413, 502, 504])('gateway body with status %i', async (status) => {
    const error = await errorFrom(() =>
      HttpResponse.json(
        { message: 'Upstream did not answer', upstream: 'acme.example.com' },
        { status },
      ),
    );
    expect(error).toMatchObject({
      kind: 'gateway',
      status,
      message: 'Upstream did not answer',
      upstream: 'acme.example.com',
    });
  });

  it('a non-JSON body uses the status text', async () => {
    const error = await errorFrom(
      () =>
        new HttpResponse('<html>oops</html>', {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Internal Server Error' });
  });

  it('an empty body without status text still says what happened', () => {
    const error = ApiError.fromResponse({ status: 503, statusText: '' }, undefined, 'GET /probe');
    expect(error).toMatchObject({ kind: 'http', status: 503, message: 'Request failed (503)' });
  });

  it('a network failure', async () => {
    const error = await errorFrom(() => HttpResponse.error());
    expect(error).toMatchObject({
      kind: 'network',
      status: 0,
      message: 'Cannot reach the console server',
      path: 'GET /probe',
    });
  });

  it('a 401 naming where to sign in asks for sign-in; a plain 401 or another status does not', async () => {
    const ended = await errorFrom(() =>
      HttpResponse.json({ message: 'Your session has ended', signIn: '/sign-in' }, { status: 401 }),
    );
    expect(ended).toMatchObject({
      status: 401,
      message: 'Your session has ended',
      signIn: '/sign-in',
    });
    expect(isSignInRequired(ended)).toBe(true);
    const refused = await errorFrom(() =>
      HttpResponse.json({ message: 'Invalid token' }, { status: 401 }),
    );
    expect(isSignInRequired(refused)).toBe(false);
    const forbidden = await errorFrom(() =>
      HttpResponse.json({ message: 'No', signIn: '/sign-in' }, { status: 403 }),
    );
    expect(isSignInRequired(forbidden)).toBe(false);
  });

  it('isNotFound is false for anything but an ApiError 404', () => {
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isNotFound(ApiError.network('GET /x'))).toBe(false);
  });
});
