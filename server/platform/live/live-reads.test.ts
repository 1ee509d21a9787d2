import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportDetails, exportRecord, streamExecution } from '../../../src/api/contract';
import { sampleUsers } from '../testing/users';
import { SALES_DATASET_ID } from '../seed/datasets';
import { createStream, startRun, streamBody, uploadCsv } from '../testing/streams';
import { startTestPlatform, type TestPlatform } from '../testing';
import { createWorkflow, startRun as startWorkflowRun, v1 } from '../testing/workflows';
import { LIVE_RETRY_AFTER_SECONDS } from './live-reads';
import { readEvents } from './read-sse';
import { liveLimits, socketSink } from './sse';

/**
 * A stream execution's state and an export's status as they change, read live
 * (text/event-stream) by whoever may read them; a user who may not gets the 404 of the plain read.
 */
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
beforeAll(async () => {
  platform = await startTestPlatform({ jobDrainMs: 10_000 });
  as = await sampleUsers(platform);
});
afterAll(() => platform?.close());

describe('the live read of an export (GET /api/query/v1/exports/{id}/live)', () => {
  it('sends the export as it changes and ends once it has finished; 404 for who may not read it', async () => {
    const res = await platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`, {
      method: 'POST',
      json: { bucket: 'live', queryRequest: { useCache: false } },
    });
    expect(res.status).toBe(200);
    const { exportId } = exportRecord.parse(await res.json());
    const live = await platform.api(`/api/query/v1/exports/${exportId}/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events, ended } = await readEvents(live);
    expect(ended).toBe(true);
    const states = events.map((e) => exportDetails.parse(JSON.parse(e.data)));
    expect(events.every((e) => e.event === 'export')).toBe(true);
    expect(states.at(-1)!.record.exportStatus).toBe('success');
    expect(states.at(-1)!.files.length).toBeGreaterThan(0);

    // Dev (Participant) may not read Sales: the plain read and the live one are the same 404.
    const plain = await as('dev', `/api/query/v1/exports/${exportId}`);
    const denied = await as('dev', `/api/query/v1/exports/${exportId}/live`);
    expect(plain.status).toBe(404);
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual(await plain.json());
    // Ben may.
    const ben = await as('ben', `/api/query/v1/exports/${exportId}/live`);
    expect(ben.status).toBe(200);
    await ben.body?.cancel();
  });
});

describe('the live read of a stream execution (…/executions/{id}/live)', () => {
  it('sends the execution as it changes and ends once it has left ACTIVE; 404 for who may not read it', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${i},name ${i}`).join('\n');
    const fileId = await uploadCsv(platform, 'live.csv', `id,name\n${rows}\n`);
    const stream = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const execution = await startRun(platform, stream.id);
    const path = `/api/data/v1/streams/${stream.id}/executions/${execution.id}`;
    const live = await platform.api(`${path}/live`);
    expect(live.status).toBe(200);
    const { events, ended } = await readEvents(live);
    expect(ended).toBe(true);
    const states = events.map((e) => streamExecution.parse(JSON.parse(e.data)));
    expect(events.every((e) => e.event === 'execution')).toBe(true);
    expect(states.at(-1)).toMatchObject({ id: execution.id, state: 'SUCCESS', rowsInserted: 500 });

    const plain = await as('dev', path);
    const denied = await as('dev', `${path}/live`);
    expect(plain.status).toBe(404);
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual(await plain.json());
    const other = await platform.api(`/api/data/v1/streams/${stream.id}/executions/999999/live`);
    expect(other.status).toBe(404);
  });
});

describe('a live read that cannot be followed', () => {
  it('answers HEAD with the head alone, keeping no stream open', async () => {
    const saved = { ...liveLimits };
    liveLimits.maxOpen = 1;
    try {
      const res = await platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`, {
        method: 'POST',
        json: { bucket: 'head', queryRequest: { useCache: false } },
      });
      const { exportId } = exportRecord.parse(await res.json());
      const errors = vi.spyOn(console, 'error');
      const head = await platform.api(`/api/query/v1/exports/${exportId}/live`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // Not a stream begun and then a second head written over it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      // The one stream allowed is still free.
      const live = await platform.api(`/api/query/v1/exports/${exportId}/live`);
      expect(live.status).toBe(200);
      expect((await readEvents(live)).ended).toBe(true);
    } finally {
      Object.assign(liveLimits, saved);
    }
  });

  it('is over at once when its client left before the stream began, and never waits to write', async () => {
    let left = 0;
    const server = http.createServer((req, res) => {
      // As a live route does after its access check: the client may be gone by then.
      res.once('close', () => {
        left = Date.now();
        const sink = socketSink(res);
        let aborted = false;
        sink.onAbort(() => (aborted = true));
        void sink.write('event: x\ndata: 1\n\n').then(() => {
          sink.end();
          outcome({ over: sink.over, aborted, waitedMs: Date.now() - left });
        });
      });
      req.resume();
    });
    type Outcome = { over: boolean; aborted: boolean; waitedMs: number };
    let outcome!: (o: Outcome) => void;
    const seen = new Promise<Outcome>((r) => (outcome = r));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /live HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('error', () => undefined);
      const { waitedMs, ...rest } = await seen;
      expect(rest).toEqual({ over: true, aborted: true });
      expect(waitedMs).toBeLessThan(1_000);
    } finally {
      server.close();
    }
  });
});

describe('the bounds and the access of every live read (one LiveReads for the platform)', () => {
  const saved = { ...liveLimits };
  afterAll(() => void Object.assign(liveLimits, saved));

  it('holds one user to their own limit, answered in the error body of the area asked, while others read on', async () => {
    liveLimits.maxOpenPerUser = 2;
    const open: Response[] = [];
    try {
      // Ada (the configured access token's user) follows a workflow run that waits.
      const workflow = await createWorkflow(platform, {
        steps: [{ id: 'pause', type: 'wait', name: 'Pause', seconds: 30 }],
      });
      const run = await startWorkflowRun(platform, workflow.id);
      const runLive = `/v1/workflows/runs/${run.id}/live`;
      for (let i = 0; i < 2; i += 1) {
        const res = await v1(platform)(runLive);
        expect(res.status).toBe(200);
        open.push(res);
      }
      const refused = await v1(platform)(runLive);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(LIVE_RETRY_AFTER_SECONDS));
      // The workflow API's body: `{message}`, no export error code.
      const body = (await refused.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/too many live reads open \(2\)/);

      // Ben's live reads are his own: open while Ada is at her limit, up to his.
      for (let i = 0; i < 2; i += 1) {
        const res = await as('ben', '/api/query/v1/exports/live');
        expect(res.status).toBe(200);
        open.push(res);
      }
      const benRefused = await as('ben', '/api/query/v1/exports/live');
      expect(benRefused.status).toBe(503);
      expect(benRefused.headers.get('retry-after')).toBe(String(LIVE_RETRY_AFTER_SECONDS));
      // The exports API's body (7.2), with a code of its own.
      expect(await benRefused.json()).toEqual({
        errorCode: 'UNAVAILABLE',
        message: expect.stringMatching(/too many live reads open \(2\)/) as unknown,
      });
      await v1(platform)(`/v1/workflows/runs/${run.id}/cancel`, { json: {} });
    } finally {
      for (const res of open) await res.body?.cancel();
      Object.assign(liveLimits, saved);
    }
  });

  it('ends with an error event (401) once the token it was opened with is revoked', async () => {
    liveLimits.recheckMs = 200;
    try {
      const minted = await platform.api('/api/data/v1/accesstokens', {
        method: 'POST',
        json: { name: 'live read revoked', ownerId: 2 },
      });
      expect(minted.status).toBe(201);
      const { id, token } = (await minted.json()) as { id: string; token: string };
      const live = await fetch(`${platform.url}/api/query/v1/exports/live`, {
        headers: { 'X-SERVICE-Developer-Token': token },
      });
      expect(live.status).toBe(200);
      let revoked = false;
      const { events, ended } = await readEvents(
        live,
        () => false,
        10_000,
        (event) => {
          if (event.event !== 'changed' || revoked) return;
          revoked = true;
          void platform.api(`/api/data/v1/accesstokens/${id}`, { method: 'DELETE' });
        },
      );
      expect(revoked).toBe(true);
      const last = events.at(-1)!;
      expect(last.event).toBe('error');
      expect(JSON.parse(last.data)).toMatchObject({ status: 401 });
      // Well before the read's time bound (5 minutes): its recheck found the token gone.
      expect(last.at).toBeLessThan(5_000);
      // And the platform closed it.
      expect(ended).toBe(true);
    } finally {
      Object.assign(liveLimits, saved);
    }
  });
});
