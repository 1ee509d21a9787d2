import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createCollectionBody } from '../../../api/contract';
import { useCreateCollection } from '../../../api/datastores';
import { useNotify } from '../../../components';
import { collectionPath } from '../../../lib/paths';
import {
  formErrorMap,
  isColumnField,
  schemaColumnsField,
  showServerErrorOnField,
} from './schema-form';

export const createCollectionForm = z.object({
  name: createCollectionBody.shape.name,
  syncEnabled: z.boolean(),
  columns: schemaColumnsField,
});
type FormInput = z.input<typeof createCollectionForm>;
type FormOutput = z.output<typeof createCollectionForm>;

const emptyForm: FormInput = { name: '', syncEnabled: false, columns: [] };

export function useCreateCollectionDialog(datastoreId: string) {
  const [open, setOpen] = useState(false);
  const create = useCreateCollection();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createCollectionForm, { error: formErrorMap }),
    defaultValues: emptyForm,
    // Checked on save, then on every change: a row added or typed into is not an error yet.
    mode: 'onSubmit',
  });
  const columns = useFieldArray({ control: form.control, name: 'columns' });

  const submit = form.handleSubmit(async ({ name, syncEnabled, columns: initial }) => {
    try {
      const created = await create.mutateAsync({
        datastoreId,
        name,
        syncEnabled,
        ...(initial.length > 0 ? { schema: { columns: initial } } : {}),
      });
      // Navigate first: a message belongs to the screen it is raised on.
      await navigate(collectionPath(created.datastoreId, created.id));
      notify.success(`Collection ${created.name} created`);
    } catch (error) {
      showServerErrorOnField(
        error,
        form.setError,
        (field) => field === 'name' || field === 'syncEnabled' || isColumnField(field),
      );
    }
  });

  return {
    open,
    openDialog: () => {
      form.reset(emptyForm);
      create.reset();
      setOpen(true);
    },
    close: () => {
      if (!create.isPending) setOpen(false);
    },
    form,
    columns,
    submit,
    creating: create.isPending,
    error: create.error,
  };
}

export type CreateCollectionDialogState = ReturnType<typeof useCreateCollectionDialog>;
