import type { RunLogEntry } from '../../../api/contract';

/** One line of the downloaded log: time, level, step, message. */
export const logLine = (e: RunLogEntry) => `${e.at} ${e.level.padEnd(5)} [${e.step}] ${e.message}`;

export const logText = (entries: RunLogEntry[]) => entries.map(logLine).join('\n') + '\n';

/** Entries whose message, step or level contains the search, ignoring case. */
export function filterLog(entries: RunLogEntry[], search: string) {
  const needle = search.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((e) => `${e.level} ${e.step} ${e.message}`.toLowerCase().includes(needle));
}
