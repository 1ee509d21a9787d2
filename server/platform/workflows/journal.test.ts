import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runLogs, workflowRun } from '../../../src/api/contract';
import { JOURNALED, Signals } from '../jobs/signals';
import { CUSTOMERS_COLLECTION_ID } from '../seed/datastores';
import { liveLimits } from '../live/sse';
import { readEvents } from '../live/read-sse';
import { startTestPlatform, type TestPlatform } from '../testing';
import { ENDED_KEEP_MS, RunJournal, type JournalLine } from './journal';
import type { RunRow } from './repository';
import { runTopic } from './run-state';
import { allLogs, createWorkflow, startRun } from '../testing/workflows';

const line = (seq: number): JournalLine => ({
  seq,
  at: new Date(),
  level: 'INFO',
  step: '',
  message: `line ${seq}`,
});
const run = { id: 'r1', number: 1, status: 'QUEUED' } as RunRow;

describe('the run journal (what the runner wrote, for live reads in its process)', () => {
  it('answers lines after a seq only when it holds them all, without a gap', () => {
    const journal = new RunJournal(new Signals());
    journal.started(run, 7, [line(1)], 10);
    expect(journal.wrote({ ...run, status: 'IN_PROGRESS' }, [line(2), line(3)], 10)).toBe(true);
    expect(journal.read('r1', 0)?.lines.map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(journal.read('r1', 2)?.lines.map((l) => l.seq)).toEqual([3]);
    expect(journal.read('r1', 3)?.lines).toEqual([]);
    // A reader ahead of it (it read lines written elsewhere) reads the store.
    expect(journal.read('r1', 4)).toBeUndefined();
    // Line 4 was written elsewhere: a gap, so the store is read.
    journal.wrote({ ...run, status: 'IN_PROGRESS' }, [line(5)], 10);
    expect(journal.read('r1', 3)).toBeUndefined();
    expect(journal.read('r1', 4)?.lines.map((l) => l.seq)).toEqual([5]);
    expect(journal.ownedBy('r1', 7)).toEqual({ id: 'r1', number: 1 });
    expect(journal.ownedBy('r1', 8)).toBeUndefined();
  });

  it('forgets a run on any wake but its own, and keeps no state over its bound', () => {
    const signals = new Signals();
    const journal = new RunJournal(signals);
    journal.started(run, 7, [line(1)], 10);
    signals.publish(runTopic('r1'), { payload: JOURNALED });
    expect(journal.read('r1', 0)).toBeDefined();
    // A cancel, a write of another process: a plain wake.
    signals.publish(runTopic('r1'));
    expect(journal.read('r1', 0)).toBeUndefined();
    expect(journal.wrote(run, [line(2)], 10)).toBe(false);
    journal.started(run, 7, [line(1)], 10_000_000);
    expect(journal.read('r1', 0)).toBeUndefined();
  });

  it('keeps an ended run for a live read opened just after its end, then lets it go', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const journal = new RunJournal(new Signals());
      const ended = Date.now();
      journal.started(run, 7, [line(1)], 10);
      journal.wrote({ ...run, status: 'COMPLETED' }, [line(2)], 10);
      expect(journal.read('r1', 0)?.run.status).toBe('COMPLETED');
      vi.setSystemTime(ended + ENDED_KEEP_MS - 1);
      journal.started({ ...run, id: 'r2' }, 7, [line(1)], 10);
      expect(journal.read('r1', 0)?.lines.map((l) => l.seq)).toEqual([1, 2]);
      // The next write of any run lets it go.
      vi.setSystemTime(ended + ENDED_KEEP_MS);
      journal.wrote({ ...run, id: 'r2', status: 'IN_PROGRESS' }, [line(2)], 10);
      expect(journal.read('r1', 0)).toBeUndefined();
      expect(journal.ownedBy('r1', 7)).toBeUndefined();
      expect(journal.read('r2', 0)?.lines.map((l) => l.seq)).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a live read of a run this process runs', () => {
  let platform: TestPlatform;
  const saved = { ...liveLimits };
  beforeAll(async () => {
    platform = await startTestPlatform({ jobDrainMs: 10_000 });
  });
  afterAll(async () => {
    Object.assign(liveLimits, saved);
    await platform?.close();
  });

  it("sends each step's lines and state as the runner wrote them, reading no log line back", async () => {
    liveLimits.rereadMs = 60_000;
    const { db } = platform;
    const query = db.query;
    const batch = db.batch;
    let logReads = 0;
    try {
      // Each step (a read of documents) and each write of the runner waits a moment: every
      // step outlasts the bound a quick step's start may wait (100 ms), so the run is written
      // several times while the live read is open.
      db.query = async (sql, params) => {
        if (/FROM workflow_run_logs/.test(sql)) logReads++;
        if (/\bFROM documents\b/.test(sql)) await new Promise((r) => setTimeout(r, 150));
        return query(sql, params);
      };
      db.batch = async (statements) => {
        if (/FROM jobs WHERE id = \$\d+ AND lease_owner/.test(statements[0]?.sql ?? ''))
          await new Promise((r) => setTimeout(r, 150));
        return batch(statements);
      };
      const workflow = await createWorkflow(platform, {
        steps: ['a', 'b', 'c'].map((id) => ({
          id,
          type: 'documents.query',
          name: id,
          collectionId: CUSTOMERS_COLLECTION_ID,
          // One document: the run's state stays small enough to be journaled.
          limit: 1,
        })),
      });
      const started = await startRun(platform, workflow.id);
      const res = await fetch(`${platform.url}/v1/workflows/runs/${started.id}/live?after=0`, {
        headers: { authorization: `Bearer ${platform.tokens.access}` },
      });
      expect(res.status).toBe(200);
      const { events, ended } = await readEvents(res);
      expect(ended).toBe(true);
      expect(logReads, 'no log line was read back for the live read').toBe(0);
      db.query = query;
      const logs = events.filter((e) => e.event === 'log');
      expect(logs.length, 'the lines came as each step was written').toBeGreaterThan(2);
      const lines = logs.flatMap((e) => runLogs.parse(JSON.parse(e.data)).entries);
      // Every line once, in order, as the log read answers them.
      expect(lines).toEqual(await allLogs(platform, started.id));
      const states = events
        .filter((e) => e.event === 'run')
        .map((e) => workflowRun.parse(JSON.parse(e.data)));
      expect(states[0]?.status).toBe('QUEUED');
      expect(states.at(-1)).toMatchObject({ status: 'COMPLETED', number: started.number });
      const read = await fetch(`${platform.url}/v1/workflows/runs/${started.id}`, {
        headers: { authorization: `Bearer ${platform.tokens.access}` },
      });
      expect(states.at(-1)).toEqual(workflowRun.parse(await read.json()));
    } finally {
      db.query = query;
      db.batch = batch;
      Object.assign(liveLimits, saved);
    }
  });
});
