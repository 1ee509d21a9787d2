import '../../zod-config';
import { z } from 'zod';

/** ISO 8601 timestamp as the platform sends it; kept as a string so nothing is lost in transit. */
export const isoDateTime = z.string().min(1);
/** Platform integers (user ids, account ids) are 32-bit. */
export const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
export const userIdInt = int32;
export const epochMillis = z.number().int();
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;

/** Query-string integers arrive as text; these coerce and bound them. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
