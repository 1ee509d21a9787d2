import { z } from 'zod';
import type { Draft } from './draft';

/** Saved prompts live in this browser only. A draft holds no secret: the gateway has the tokens. */
export const SAVED_PROMPTS_KEY = 'platform-console.saved-prompts';

/** Older versions kept per saved prompt, newest first (the oldest goes beyond it). */
export const MAX_PROMPT_VERSIONS = 20;

/** A draft as this browser keeps it (saved prompts, the draft handed to an experiment). */
export const savedDraft = z.object({
  template: z.string(),
  input: z.string(),
  system: z.string(),
  parameters: z.record(z.string(), z.string()),
  model: z.string(),
  temperature: z.string(),
  maxTokens: z.string(),
  responseKind: z.enum(['text', 'json']),
  schema: z.string(),
  reasoningEffort: z.enum(['', 'low', 'medium', 'high']),
});
const savedPrompt = z.object({
  name: z.string().min(1),
  savedAt: z.string(),
  draft: savedDraft,
  /** Earlier saves under this name, newest first; absent in prompts saved before. */
  versions: z.array(z.object({ savedAt: z.string(), draft: savedDraft })).default([]),
});
export type SavedPrompt = z.infer<typeof savedPrompt>;

export function readSavedPrompts(storage: Storage = localStorage): SavedPrompt[] {
  try {
    const parsed = z
      .array(savedPrompt)
      .safeParse(JSON.parse(storage.getItem(SAVED_PROMPTS_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The version number people see: the first save of a name is version 1. */
export const versionOf = (prompt: SavedPrompt) => prompt.versions.length + 1;

/**
 * Saves under a name, newest first. Saving a name again makes a new version of it: the one it
 * replaces is kept among its versions (at most MAX_PROMPT_VERSIONS); the same draft again is not
 * a new version.
 */
export function savePrompt(
  name: string,
  draft: Draft,
  storage: Storage = localStorage,
): SavedPrompt[] {
  const all = readSavedPrompts(storage);
  const before = all.find((p) => p.name === name);
  const same = before && JSON.stringify(before.draft) === JSON.stringify(draft);
  const versions = !before
    ? []
    : same
      ? before.versions
      : [{ savedAt: before.savedAt, draft: before.draft }, ...before.versions].slice(
          0,
          MAX_PROMPT_VERSIONS,
        );
  const next = [
    { name, savedAt: new Date().toISOString(), draft, versions },
    ...all.filter((p) => p.name !== name),
  ];
  storage.setItem(SAVED_PROMPTS_KEY, JSON.stringify(next));
  return next;
}

export function deletePrompt(name: string, storage: Storage = localStorage): SavedPrompt[] {
  const next = readSavedPrompts(storage).filter((p) => p.name !== name);
  storage.setItem(SAVED_PROMPTS_KEY, JSON.stringify(next));
  return next;
}
