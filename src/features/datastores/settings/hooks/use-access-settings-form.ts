import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useCollectionPermission } from '../../../../api/access';
import { type Collection, updateCollectionBody } from '../../../../api/contract';
import { useUpdateCollection } from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import { formErrorMap } from '../../hooks/schema-form';

/** JSON text read through the contract's schema; empty text is null. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx): z.output<T> | null => {
    if (!text.trim()) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Write valid JSON' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Not valid' });
    return z.NEVER;
  });

export const accessSettingsForm = z.object({
  defaultPermissions: z.string().transform((text) =>
    text.trim()
      ? text
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .join(',')
      : null,
  ),
  requiredAuthorities: jsonField(updateCollectionBody.shape.requiredAuthorities.unwrap()),
  filters: jsonField(updateCollectionBody.shape.filters.unwrap()),
});
type Input = z.input<typeof accessSettingsForm>;
type Output = z.output<typeof accessSettingsForm>;

const toText = (collection: Collection): Input => ({
  defaultPermissions: collection.defaultPermissions ?? '',
  requiredAuthorities: collection.requiredAuthorities
    ? JSON.stringify(collection.requiredAuthorities, null, 2)
    : '',
  filters: collection.filters?.length ? JSON.stringify(collection.filters, null, 2) : '',
});

/**
 * Who reads what: default permissions, required authorities and filters. Changing them needs
 * the ADMIN permission on the collection, so they are disabled, with the reason, for
 * anyone else; only the fields changed are sent.
 */
export function useAccessSettingsForm(collection: Collection) {
  const notify = useNotify();
  const update = useUpdateCollection();
  const administer = useCollectionPermission(collection.id, 'administer');
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(accessSettingsForm, { error: formErrorMap }),
    defaultValues: toText(collection),
    mode: 'onTouched',
  });

  const save = form.handleSubmit(async (values) => {
    const dirty = form.formState.dirtyFields;
    const changes = Object.fromEntries(
      (Object.keys(values) as Array<keyof Output>)
        .filter((key) => dirty[key])
        .map((key) => [key, values[key]]),
    );
    try {
      const updated = await update.mutateAsync({ collectionId: collection.id, ...changes });
      form.reset(toText(updated));
      notify.success('Access settings saved');
    } catch {
      // The platform's answer shows below the form.
    }
  });

  return {
    form,
    save,
    reset: () => {
      form.reset();
      update.reset();
    },
    administer,
    dirty: form.formState.isDirty,
    saving: update.isPending,
    error: update.error,
  };
}

export type AccessSettingsFormState = ReturnType<typeof useAccessSettingsForm>;
