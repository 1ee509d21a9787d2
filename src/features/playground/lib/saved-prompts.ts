import { z } from 'zod';
import type { Draft } from './draft';

/** Saved prompts live in this browser only. A draft holds no secret: the gateway has the tokens. */
export const SAVED_PROMPTS_KEY = 'platform-console.saved-prompts';

const savedPrompt = z.object({
  name: z.string().min(1),
  savedAt: z.string(),
  draft: z.object({
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
  }),
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

/** Saves under a name, replacing a prompt of the same name; newest first. */
export function savePrompt(
  name: string,
  draft: Draft,
  storage: Storage = localStorage,
): SavedPrompt[] {
  const next = [
    { name, savedAt: new Date().toISOString(), draft },
    ...readSavedPrompts(storage).filter((p) => p.name !== name),
  ];
  storage.setItem(SAVED_PROMPTS_KEY, JSON.stringify(next));
  return next;
}

export function deletePrompt(name: string, storage: Storage = localStorage): SavedPrompt[] {
  const next = readSavedPrompts(storage).filter((p) => p.name !== name);
  storage.setItem(SAVED_PROMPTS_KEY, JSON.stringify(next));
  return next;
}
