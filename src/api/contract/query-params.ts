import '../../zod-config';
import { z } from 'zod';

/** Query-string integers arrive as text; these coerce and bound them. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
