import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  collectionQueryOptions,
  collectionsQueryOptions,
  useDatastores,
} from '../../../api/datastores';
import type { WizardValues } from '../model/wizard-values';

/**
 * A collection, picked in two steps: its datastore, then the collection. The form keeps only
 * the collection id; coming back to the step, the datastore is read from that collection.
 */
export function useCollectionChoice(fieldName: `configuration.${string}`) {
  const { control, setValue } = useFormContext<WizardValues>();
  const collectionId = useWatch({ control, name: fieldName }) ?? '';
  const [picked, setPicked] = useState<string>();
  const datastores = useDatastores();
  const current = useQuery({
    ...collectionQueryOptions(collectionId),
    enabled: picked === undefined && collectionId !== '',
  });
  const datastoreId = picked ?? current.data?.datastoreId ?? '';
  const collections = useQuery({
    ...collectionsQueryOptions(datastoreId),
    enabled: datastoreId !== '',
  });

  return {
    datastores: datastores.data ?? [],
    datastoreId,
    chooseDatastore: (id: string) => {
      setPicked(id);
      setValue(fieldName, '', { shouldDirty: true });
    },
    collections: collections.data ?? [],
    loading: datastores.isPending || (datastoreId !== '' && collections.isPending),
    error: datastores.error ?? collections.error,
    retry: () => void (datastores.isError ? datastores.refetch() : collections.refetch()),
  };
}
