import type { ConsoleSession } from '../../../api/contract';

/** Whose console a session is, seen from this browser: ending each one means something else. */
export type SessionPlace = 'this-browser' | 'yours-elsewhere' | 'someone-else';

export function sessionPlace(
  session: ConsoleSession,
  { thisSessionId, meId }: { thisSessionId: string | undefined; meId: number | undefined },
): SessionPlace {
  if (thisSessionId !== undefined && session.id === thisSessionId) return 'this-browser';
  return session.user.id === meId ? 'yours-elsewhere' : 'someone-else';
}

export const possessive = (name: string) => `${name}’s`;

/**
 * The name of a row's "End session" button: its words first (as seen, so voice control finds
 * it), then the person, and this browser when it is.
 */
export const endSessionLabel = (session: ConsoleSession, place: SessionPlace) =>
  `End session of ${session.user.displayName}${place === 'this-browser' ? ' in this browser' : ''}`;

/** What the confirm dialog says will happen. */
export const endSessionConsequence = (place: SessionPlace) =>
  ({
    'this-browser':
      'This is the session of this browser: you are signed out here, and the console asks you to sign in again.',
    'yours-elsewhere':
      'The console where you signed in with it asks you to sign in again at its next step. You stay signed in here.',
    'someone-else':
      'Their console asks them to sign in again at their next step. Their other sessions and the tokens they were given keep working; to keep them out, disable them on the Users tab.',
  })[place];
