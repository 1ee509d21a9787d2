import { describe, expect, it } from 'vitest';
import {
  authenticationError,
  documentStoreError,
  exportError,
  gatewayError,
  messageError,
} from './errors';

describe('error bodies', () => {
  it('7.1 document-store error carries the trace id', () => {
    const body = { message: 'Not found', status: 404, statusReason: 'Not Found', toe: 'T0E-1' };
    expect(documentStoreError.parse(body)).toEqual(body);
  });

  it('7.1 without toe is not a document-store error', () => {
    const body = { message: 'Not found', status: 404, statusReason: 'Not Found' };
    expect(documentStoreError.safeParse(body).success).toBe(false);
  });

  it('7.1 status must be an integer', () => {
    const body = { message: 'x', status: '404', statusReason: 'Not Found', toe: 't' };
    expect(documentStoreError.safeParse(body).success).toBe(false);
  });

  it('7.2 export error', () => {
    const body = { errorCode: 'DATASET_NOT_FOUND', message: 'No such dataset' };
    expect(exportError.parse(body)).toEqual(body);
    expect(exportError.safeParse({ message: 'x' }).success).toBe(false);
  });

  it('7.3 tag error', () => {
    expect(messageError.parse({ message: 'Unknown entity' })).toEqual({
      message: 'Unknown entity',
    });
  });

  it('session authentication failure', () => {
    expect(authenticationError.parse({ reason: 'INVALID_CREDENTIALS' }).reason).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('gateway error names the upstream', () => {
    const body = { message: 'Upstream timed out', upstream: 'acme.example.com' };
    expect(gatewayError.parse(body)).toEqual(body);
  });
});
