import '../../zod-config';
import { z } from 'zod';
import { queryInt } from './common';
import { platformUserFields } from './first-page';

/** People and groups to share with (paths as the real platform has them; shapes: choice). */
export const platformUser = z.object(platformUserFields);
export type PlatformUser = z.infer<typeof platformUser>;
export const platformGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
});
export type PlatformGroup = z.infer<typeof platformGroup>;
/** `GET /api/content/v3/users`, `GET /api/content/v2/groups`: `q` matches names (and emails). */
export const peopleListParams = z.object({
  q: z.string().optional(),
  limit: queryInt(1, 500).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});
export type PeopleListParams = z.infer<typeof peopleListParams>;
