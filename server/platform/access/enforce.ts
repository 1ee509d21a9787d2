import { forbidden, type PlatformError } from '../core/errors';
import type { Decision } from './principal';

/**
 * Turns a refused decision into the area's error: `hidden` when the object is not to be seen
 * (404, its existence not revealed), else 403 with `refused(needed)`'s words.
 */
export function enforce(
  decision: Decision,
  hidden: () => PlatformError,
  refused: (needed: string) => string,
): void {
  if (decision.allowed) return;
  if (decision.status === 404) throw hidden();
  throw forbidden(refused(decision.needed ?? 'access'));
}
