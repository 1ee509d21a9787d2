import type { z } from 'zod';
import type { calculatedFieldSearchBody } from '../contract/calculated-fields';

/** One search of calculated fields: what its key and its request are made of. */
export type CalculatedFieldSearch = z.input<typeof calculatedFieldSearchBody>;
