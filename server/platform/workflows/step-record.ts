import { isDeepStrictEqual } from 'node:util';
import type { WorkflowStep } from '../../../src/api/contract';
import { redactValue } from '../core/redact';
import { jsonBytesOver } from './output';

/** Bytes of a step's resolved input, as JSON, kept on the run for the run page. */
export const MAX_RECORDED_INPUT_BYTES = 16 * 1024;
const NOT_INPUT = new Set(['id', 'name', 'type']);

/** At most MAX_RECORDED_INPUT_BYTES of a value: a larger one is kept as the start of its JSON. */
export function bounded(value: unknown): unknown {
  if (!jsonBytesOver(value, MAX_RECORDED_INPUT_BYTES)) return value;
  const text = JSON.stringify(value);
  return {
    truncated: `${Buffer.byteLength(text)} bytes as JSON; the first ${MAX_RECORDED_INPUT_BYTES} characters are kept`,
    start: text.slice(0, MAX_RECORDED_INPUT_BYTES),
  };
}

/**
 * What a step received, as the run page shows it: its settings, each one the step resolved
 * replaced by its resolved value (references filled in), secrets masked, bounded.
 */
export class ReceivedInput {
  private readonly resolved = new Map<string, unknown>();

  constructor(private readonly step: WorkflowStep) {}

  /**
   * Called with each value the step resolves: the settings that hold it take its result. The
   * step resolves its settings as its kind's schema parsed them: copies, compared by value.
   */
  note(value: unknown, result: unknown) {
    for (const [key, setting] of Object.entries(this.step))
      if (!NOT_INPUT.has(key) && isDeepStrictEqual(setting, value)) this.resolved.set(key, result);
  }

  record(): unknown {
    const settings = Object.fromEntries(
      Object.entries(this.step)
        .filter(([key, v]) => !NOT_INPUT.has(key) && v !== undefined)
        .map(([key, v]) => [key, this.resolved.has(key) ? this.resolved.get(key) : v]),
    );
    return bounded(redactValue(settings));
  }
}

/** A step's duration in the words of the console's `formatDuration` (src/lib/format.ts). */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60)
    return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, '') : Math.round(seconds)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  return s ? `${m} min ${s} s` : `${m} min`;
}
