import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Collection } from '../../../../api/contract';
import { useUpdateCollection } from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import {
  formErrorMap,
  isColumnField,
  schemaColumnsField,
  showServerErrorOnField,
} from '../../hooks/schema-form';

export const schemaForm = z.object({ columns: schemaColumnsField });
export type SchemaFormInput = z.input<typeof schemaForm>;
export type SchemaFormOutput = z.output<typeof schemaForm>;

/** The schema editor: the saved schema is where the form starts, never what it tracks. */
export function useSchemaForm(collection: Collection) {
  const notify = useNotify();
  const update = useUpdateCollection();
  const form = useForm<SchemaFormInput, unknown, SchemaFormOutput>({
    resolver: zodResolver(schemaForm, { error: formErrorMap }),
    defaultValues: { columns: collection.schema.columns },
    // Checked on save, then on every change: a row added or typed into is not an error yet.
    mode: 'onSubmit',
  });
  const columns = useFieldArray({ control: form.control, name: 'columns' });

  const save = form.handleSubmit(async ({ columns: saved }) => {
    try {
      const updated = await update.mutateAsync({
        collectionId: collection.id,
        schema: { columns: saved },
      });
      form.reset({ columns: updated.schema.columns });
      notify.success('Schema saved');
    } catch (error) {
      showServerErrorOnField(error, form.setError, isColumnField);
    }
  });

  const reset = () => {
    form.reset();
    update.reset();
  };

  return {
    form,
    columns,
    save,
    reset,
    dirty: form.formState.isDirty,
    saving: update.isPending,
    error: update.error,
  };
}

export type SchemaFormState = ReturnType<typeof useSchemaForm>;
