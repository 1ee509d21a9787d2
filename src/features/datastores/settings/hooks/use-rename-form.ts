import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { type Collection, updateCollectionBody } from '../../../../api/contract';
import { useUpdateCollection } from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import { formErrorMap, showServerErrorOnField } from '../../hooks/schema-form';

export const renameForm = z.object({ name: updateCollectionBody.shape.name.unwrap() });
export type RenameFormInput = z.input<typeof renameForm>;
export type RenameFormOutput = z.output<typeof renameForm>;

export function useRenameForm(collection: Collection) {
  const notify = useNotify();
  const update = useUpdateCollection();
  const form = useForm<RenameFormInput, unknown, RenameFormOutput>({
    resolver: zodResolver(renameForm, { error: formErrorMap }),
    defaultValues: { name: collection.name },
    mode: 'onTouched',
  });

  const save = form.handleSubmit(async ({ name }) => {
    try {
      const updated = await update.mutateAsync({ collectionId: collection.id, name });
      form.reset({ name: updated.name });
      notify.success(`Collection renamed to ${updated.name}`);
    } catch (error) {
      showServerErrorOnField(error, form.setError, (field) => field === 'name');
    }
  });

  const reset = () => {
    form.reset();
    update.reset();
  };

  return {
    form,
    save,
    reset,
    dirty: form.formState.isDirty,
    saving: update.isPending,
    error: update.error,
  };
}

export type RenameFormState = ReturnType<typeof useRenameForm>;
