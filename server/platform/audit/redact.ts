import { redactValue as redactBounded } from '../core/redact';

/** An event keeps a summary, not a copy of a document: its texts, nesting and keys are bounded. */
const BOUNDS = { maxText: 500, maxDepth: 4, maxKeys: 50 };

/** A text as an event may keep it: redacted (core/redact.ts) and bounded. */
export const redactText = (text: string) => redactBounded(text, BOUNDS) as string;

/** A value as an event may keep it: secrets by name and by shape redacted (core/redact.ts), bounded. */
export const redactValue = (value: unknown) => redactBounded(value, BOUNDS);
