import { JOURNALED, type Signals } from '../jobs/signals';
import type { RunRow } from './repository';
import { TERMINAL, runTopic } from './run-state';

/** A log line as written (its seq and time as the database gave them). */
export interface JournalLine {
  seq: number;
  at: Date;
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  step: string;
  message: string;
}

/** At most this many runs are kept, and this many lines of each (the newest). */
const MAX_RUNS = 500;
const MAX_LINES = 200;
/** A run's state larger than this (step outputs as JSON) is not kept: its live read reads. */
const MAX_STATE_CHARS = 16 * 1024;
/**
 * An ended run is kept this long, for the live reads that take its last write or open just
 * after it; then it goes, so the runs held are those under way, not the last MAX_RUNS ended.
 */
export const ENDED_KEEP_MS = 10_000;

interface Entry {
  /** The workflow's owner (immutable): a live read by the owner needs no access read. */
  owner: number;
  run: RunRow;
  lines: JournalLine[];
  off: () => void;
}

/**
 * The runs this process started and runs, as it last wrote them: the run's state and its
 * newest log lines, with the seqs the database gave them. The runner publishes each write it
 * records here (a wake with the JOURNALED payload), so a live read in this process sends the
 * write without reading it back (workflows/live.ts). Any other wake of a run (a cancel, a write
 * by another process, a path that read the run) drops its entry: the live read reads the
 * database then, and it is never told of a write from here again until it starts anew.
 */
export class RunJournal {
  private readonly runs = new Map<string, Entry>();
  /** The runs held that have ended, oldest end first. */
  private readonly ended: Array<{ runId: string; at: number }> = [];

  constructor(private readonly signals: Signals) {}

  /** The run just inserted with its first lines (the start). */
  started(run: RunRow, owner: number, lines: JournalLine[], stateChars: number) {
    this.letEndedGo();
    this.forget(run.id);
    if (stateChars > MAX_STATE_CHARS) return;
    if (this.runs.size >= MAX_RUNS) this.forget(this.runs.keys().next().value!);
    const off = this.signals.on(runTopic(run.id), (payload) => {
      if (payload !== JOURNALED) this.forget(run.id);
    });
    this.runs.set(run.id, { owner, run, lines: lines.slice(-MAX_LINES), off });
  }

  /**
   * A write of a run held here (state and lines as committed); false when the run is not held
   * (the caller wakes its readers the plain way).
   */
  wrote(run: RunRow, lines: JournalLine[], stateChars: number) {
    this.letEndedGo();
    const entry = this.runs.get(run.id);
    if (!entry) return false;
    if (stateChars > MAX_STATE_CHARS) {
      this.forget(run.id);
      return false;
    }
    entry.run = run;
    entry.lines.push(...lines);
    if (entry.lines.length > MAX_LINES) entry.lines.splice(0, entry.lines.length - MAX_LINES);
    if (TERMINAL.has(run.status)) this.ended.push({ runId: run.id, at: Date.now() });
    return true;
  }

  /** Forgets the runs that ended ENDED_KEEP_MS ago or more. */
  private letEndedGo(now = Date.now()) {
    while (this.ended.length && now - this.ended[0]!.at >= ENDED_KEEP_MS)
      this.forget(this.ended.shift()!.runId);
  }

  forget(runId: string) {
    const entry = this.runs.get(runId);
    if (!entry) return;
    this.runs.delete(runId);
    entry.off();
  }

  /**
   * A run held here whose workflow `userId` owns (a workflow's owner never changes, so the
   * policy may decide on it without a read): its id and number. Undefined: the caller reads.
   */
  ownedBy(runId: string, userId: number) {
    const entry = this.runs.get(runId);
    return entry?.owner === userId ? { id: entry.run.id, number: entry.run.number } : undefined;
  }

  /**
   * The run and its lines after `after`, when what is held covers them exactly: the lines from
   * `after + 1` on, without a gap (a line written elsewhere shows as a gap in the seqs). Else
   * undefined: the caller reads the database.
   */
  read(runId: string, after: number) {
    const entry = this.runs.get(runId);
    if (!entry) return undefined;
    const { lines } = entry;
    const last = lines.at(-1)?.seq ?? 0;
    // Held lines begin after `after`, or the reader is ahead (it read the database since).
    if (!lines.length || lines[0]!.seq > after + 1 || last < after) return undefined;
    const newer = lines.filter((l) => l.seq > after);
    for (let i = 0; i < newer.length; i++) if (newer[i]!.seq !== after + 1 + i) return undefined;
    return { run: entry.run, lines: newer };
  }

  /** Publishes a write recorded here: this process's live reads use it, others read. */
  publish(runId: string) {
    this.signals.publish(runTopic(runId), { payload: JOURNALED });
  }
}
