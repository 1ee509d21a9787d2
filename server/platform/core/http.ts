import type { Context } from 'hono';
import { actingAs, type Actor } from '../access/principal';

/** What a request carries through the platform's routes: its trace id and its user. */
export type PlatformEnv = { Variables: { traceId: string; userId: number } };

/** The acting user of a request: the user its token, session or app call was authenticated as. */
export const actorOf = (c: Context<PlatformEnv>): Actor => actingAs(c.get('userId'));
