import { useQuery } from '@tanstack/react-query';
import { datastoresQueryOptions } from '../../../api/datastores';

/** There is no "get datastore" endpoint: a datastore is read from the list. null = not visible. */
export const useDatastore = (datastoreId: string) =>
  useQuery({
    ...datastoresQueryOptions(),
    select: (datastores) => datastores.find((d) => d.id === datastoreId) ?? null,
  });
