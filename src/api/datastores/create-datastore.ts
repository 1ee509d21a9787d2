import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createDatastoreBody, type Datastore, datastore } from '../contract/datastores';
import { request } from '../http';
import { datastoreKeys } from './keys';

export const createDatastoreInput = createDatastoreBody;
export type CreateDatastoreInput = z.infer<typeof createDatastoreInput>;

/** gaps.md: `POST /api/datastores/v1/` `{name}` answers the datastore. */
export const createDatastore = ({ name }: CreateDatastoreInput) =>
  request({ method: 'POST', path: '/api/datastores/v1/', body: { name }, schema: datastore });

export const useCreateDatastore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatastore,
    onSuccess: (created) => {
      // There is no "get datastore": its page reads the list, which must know it at once.
      queryClient.setQueryData<Datastore[]>(datastoreKeys.lists(), (list) =>
        list ? [...list, created] : list,
      );
      return queryClient.invalidateQueries({ queryKey: datastoreKeys.lists() });
    },
  });
};
