import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportRecord } from '../../../api/contract';
import { EXPORTS_LIVE_PATH } from '../../../api/exports';
import { LIVE_RETRY_MS } from '../../../api/live/use-live-read';
import { FakeEventSource } from '../../../test/fake-event-source';
import { server } from '../../../test/server';
import { useExportsOverview } from '../hooks/use-exports-overview';
import { anExport } from './fake-platform';

let records: ExportRecord[];
let reads: number;
let answerAfterMs = 0;
function givenPlatform(mode: 'embedded' | 'remote') {
  reads = 0;
  answerAfterMs = 0;
  records = [anExport({ exportId: 'e-run', exportStatus: 'running', finished: null })];
  server.use(
    http.get('/gateway/status', () => HttpResponse.json({ mode, upstreams: [], brand: 'SERVICE' })),
    http.get('/api/query/v1/exports', async () => {
      reads += 1;
      const answer = records;
      if (answerAfterMs) await new Promise((r) => setTimeout(r, answerAfterMs));
      return HttpResponse.json({
        exports: answer.map((record) => ({ datasetId: 'ds', datasetName: 'Sales', record })),
        datasetCount: 1,
        next: null,
      });
    }),
    http.get('/api/data/v3/datasources', () => HttpResponse.json([])),
  );
}

// As the app's (src/app/query-client.ts): an answer counts as fresh for 30 s.
const aClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

function renderOverview(queryClient = aClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useExportsOverview(), { wrapper });
}

const stream = () => FakeEventSource.opened.find((s) => s.url === EXPORTS_LIVE_PATH);
const statuses = (overview: { exports: Array<{ record: ExportRecord }> }) =>
  overview.exports.map((e) => e.record.exportStatus);
const settle = () => act(() => new Promise((r) => setTimeout(r, 100)));

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useExportsOverview on the embedded platform, followed live', { timeout: 20_000 }, () => {
  it('reads the list once the first version has come, again only for a new version, and never polls', async () => {
    givenPlatform('embedded');
    const { result } = renderOverview();
    await waitFor(() => expect(stream()).toBeDefined());
    await settle();
    // The first read waits for the version it must be as new as.
    expect(reads).toBe(0);
    act(() => stream()!.emit('changed', { version: 'v1' }));
    await waitFor(() => expect(statuses(result.current)).toEqual(['running']));
    expect(reads).toBe(1);
    expect(result.current.live).toBe(true);

    // An export runs, yet the list is not polled (it would be every 3 s): the stream tells.
    await act(() => new Promise((r) => setTimeout(r, 3_300)));
    expect(reads).toBe(1);

    // It ends, and a new one starts: the stream says so, and the list is read at once.
    records = [
      anExport({ exportId: 'e-new', exportStatus: 'running', finished: null }),
      { ...records[0]!, exportStatus: 'success', finished: new Date().toISOString() },
    ];
    act(() => stream()!.emit('changed', { version: 'v2' }));
    await waitFor(() => expect(statuses(result.current)).toEqual(['running', 'success']));
    expect(reads).toBe(2);

    // A reconnect tells the version again: unchanged, nothing is read.
    act(() => stream()!.emit('changed', { version: 'v2' }));
    await settle();
    expect(reads).toBe(2);
  });

  it('reads a burst of changes in two reads, the last one after the last change', async () => {
    givenPlatform('embedded');
    const { result } = renderOverview();
    await waitFor(() => expect(stream()).toBeDefined());
    act(() => stream()!.emit('changed', { version: 'v1' }));
    await waitFor(() => expect(statuses(result.current)).toEqual(['running']));

    answerAfterMs = 300;
    act(() => stream()!.emit('changed', { version: 'v2' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    // Changed while the read of v2 is under way (it has already read the list).
    records = [{ ...records[0]!, exportStatus: 'failed', finished: new Date().toISOString() }];
    act(() => stream()!.emit('changed', { version: 'v3' }));
    act(() => stream()!.emit('changed', { version: 'v4' }));
    await waitFor(() => expect(statuses(result.current)).toEqual(['failed']));
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(reads).toBe(3);
  });

  it('reads a list held from an earlier visit again once the first version has come', async () => {
    givenPlatform('embedded');
    const queryClient = aClient();
    const first = renderOverview(queryClient);
    await waitFor(() => expect(stream()).toBeDefined());
    act(() => stream()!.emit('changed', { version: 'v1' }));
    await waitFor(() => expect(statuses(first.result.current)).toEqual(['running']));
    first.unmount();

    // Meanwhile the export ended; the dashboard opens again, its list still held (and fresh).
    records = [{ ...records[0]!, exportStatus: 'success', finished: new Date().toISOString() }];
    FakeEventSource.opened = [];
    const again = renderOverview(queryClient);
    await waitFor(() => expect(stream()).toBeDefined());
    act(() => stream()!.emit('changed', { version: 'v2' }));
    await waitFor(() => expect(statuses(again.result.current)).toEqual(['success']));
    expect(reads).toBe(2);
  });

  it('reads and polls as before once the stream has failed', async () => {
    givenPlatform('embedded');
    const { result } = renderOverview();
    await waitFor(() => expect(stream()).toBeDefined());
    act(() => {
      stream()!.readyState = FakeEventSource.CLOSED;
      stream()!.emit('error', {});
    });
    await waitFor(() => expect(statuses(result.current)).toEqual(['running']));
    expect(result.current.live).toBe(false);
    expect(stream()!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('polls while the platform refuses the stream, says so, and opens it again later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenPlatform('embedded');
    // Nothing runs, which alone would not be polled: only the stream would tell a new export.
    records = [anExport({ exportId: 'e-done', exportStatus: 'success' })];
    const { result } = renderOverview();
    await waitFor(() => expect(stream()).toBeDefined());
    // A 503: too many live reads open.
    act(() => stream()!.refuse());
    await waitFor(() => expect(result.current.livePaused).toBe(true));
    expect(result.current.live).toBe(false);
    await waitFor(() => expect(reads).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    await waitFor(() => expect(reads).toBe(2));

    FakeEventSource.opened = [];
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS));
    await waitFor(() => expect(stream()).toBeDefined());
    expect(result.current.livePaused).toBe(false);
    expect(result.current.live).toBe(true);
    const polled = reads;
    act(() => stream()!.emit('changed', { version: 'v1' }));
    await act(() => vi.advanceTimersByTimeAsync(6_500));
    // Live again: one read for the version, none by polling.
    expect(reads).toBe(polled + 1);
  });

  it('opens no stream against a real instance', async () => {
    givenPlatform('remote');
    const { result } = renderOverview();
    await waitFor(() => expect(result.current.datasetsPending).toBe(false));
    await settle();
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(result.current.live).toBe(false);
  });
});
