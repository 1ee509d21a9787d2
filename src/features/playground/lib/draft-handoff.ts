import type { Draft } from './draft';
import { savedDraft } from './saved-prompts';

/** The playground's draft, handed to the experiment form; this tab only, like the draft itself. */
export const HANDED_DRAFT_KEY = 'platform-console.experiment-draft';

export function handOffDraft(draft: Draft, storage: Storage = sessionStorage) {
  storage.setItem(HANDED_DRAFT_KEY, JSON.stringify(draft));
}

/** The draft the playground last handed over, if any (a reload of the form keeps it). */
export function readHandedDraft(storage: Storage = sessionStorage): Draft | undefined {
  try {
    const parsed = savedDraft.safeParse(JSON.parse(storage.getItem(HANDED_DRAFT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
