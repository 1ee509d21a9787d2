import { z } from 'zod';
import { generationRun, type GenerationRun } from '../../../api/contract';

/** The exported history: one session's runs, as the platform keeps them. */
export const historyFile = z.object({
  kind: z.literal('platform-console.generation-history'),
  sessionId: z.string(),
  exportedAt: z.string(),
  runs: z.array(generationRun),
});
export type HistoryFile = z.infer<typeof historyFile>;

export const toHistoryFile = (sessionId: string, runs: GenerationRun[]): HistoryFile => ({
  kind: 'platform-console.generation-history',
  sessionId,
  exportedAt: new Date().toISOString(),
  runs,
});

/** Reads an exported history; the message says what is wrong with a file that is not one. */
export function readHistoryFile(
  text: string,
): { ok: true; file: HistoryFile } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON' };
  }
  const parsed = historyFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `Not an exported history${issue ? ` (${issue.path.join('.') || 'file'}: ${issue.message})` : ''}`,
    };
  }
  return { ok: true, file: parsed.data };
}
