import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createDatastoreInput, useCreateDatastore } from '../../../api/datastores';
import { useNotify } from '../../../components';
import { datastorePath } from '../../../lib/paths';
import { formErrorMap, showServerErrorOnField } from './schema-form';

type FormInput = z.input<typeof createDatastoreInput>;
type FormOutput = z.output<typeof createDatastoreInput>;

/** The form of one opening of the dialog (the dialog mounts afresh each time it opens). */
export function useCreateDatastoreDialog(onClose: () => void) {
  const create = useCreateDatastore();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createDatastoreInput, { error: formErrorMap }),
    defaultValues: { name: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      // Navigate first: a message belongs to the screen it is raised on.
      await navigate(datastorePath(created.id));
      notify.success(`Datastore ${created.name} created`);
    } catch (error) {
      showServerErrorOnField(error, form.setError, (field) => field === 'name');
    }
  });

  return {
    close: () => {
      if (!create.isPending) onClose();
    },
    form,
    submit,
    creating: create.isPending,
    error: create.error,
  };
}

export type CreateDatastoreDialogState = ReturnType<typeof useCreateDatastoreDialog>;
