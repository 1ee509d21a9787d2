import '../../zod-config';
import * as z from 'zod/mini';

// zod/mini: the first page's schemas are built from these (see ./first-page); classic schemas take
// them as they are (`z.nullable(isoDateTime)` rather than a chained `.nullable()`).

/** ISO 8601 timestamp as the platform sends it; kept as a string so nothing is lost in transit. */
export const isoDateTime = z.string().check(z.minLength(1));
/** Platform integers (user ids, account ids) are 32-bit. */
export const int32 = z.number().check(z.int(), z.gte(-2_147_483_648), z.lte(2_147_483_647));
export const userIdInt = int32;
export const epochMillis = z.number().check(z.int());
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;

export { queryBool, queryInt } from './query-params';
