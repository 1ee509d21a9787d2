import {
  permissionNames,
  type CollectionFilter,
  type CollectionSchema,
} from '../../../src/api/contract';
import { PlatformError, badRequest } from '../core/errors';
import { translateFilter } from './query/filter';

// The checks of a collection's settings (new or changed) that the contract's schemas cannot make.

/** Schema column names are unique within a collection: they become the linked dataset's columns. */
export function checkSchema(schema: CollectionSchema) {
  const seen = new Set<string>();
  for (const { name } of schema.columns) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) throw badRequest(`schema.columns: the column name ${name} appears twice`);
    seen.add(key);
  }
}

export function checkFilters(filters: CollectionFilter[]) {
  filters.forEach((f, i) => {
    try {
      translateFilter(f.query);
    } catch (error) {
      if (error instanceof PlatformError) throw badRequest(`filters.${i}.query: ${error.message}`);
      throw error;
    }
  });
}

export function checkPermissions(text: string) {
  for (const item of text.split(',').map((s) => s.trim())) {
    if (!(permissionNames as readonly string[]).includes(item))
      throw badRequest(
        `defaultPermissions: unknown permission ${item} (use ${permissionNames.join(', ')})`,
      );
  }
}
