import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useEditCalculatedFieldExpression } from '../../../api/calculated-fields';
import type { CalculatedField } from '../../../api/contract';
import { useNotify } from '../../../components';

const expressionForm = z.object({
  expression: z.string().trim().min(1, 'Write an expression'),
});
type ExpressionFormValues = z.infer<typeof expressionForm>;

/**
 * Editing an unlocked field's expression. The field as read is the form's starting value, never
 * its live state (the drawer keys the form by field id); the platform's 400 or 409 (locked meanwhile) is shown beside the form.
 */
export function useExpressionForm(
  field: CalculatedField,
  onRefused?: (refusal: { error: Error; draft: string }) => void,
) {
  const notify = useNotify();
  const edit = useEditCalculatedFieldExpression(field.id);
  const form = useForm<ExpressionFormValues>({
    resolver: zodResolver(expressionForm),
    defaultValues: { expression: field.expression },
  });
  const { reset } = form;

  const submit = form.handleSubmit(({ expression }) =>
    edit.mutate(expression, {
      onSuccess: (updated) => {
        reset({ expression: updated.expression });
        notify.success(`Saved the expression of “${updated.name}”`);
      },
      onError: (error) => onRefused?.({ error, draft: expression }),
    }),
  );

  return {
    form,
    submit,
    pending: edit.isPending,
    error: edit.error,
    discard: () => {
      edit.reset();
      reset({ expression: field.expression });
    },
  };
}

export type ExpressionFormState = ReturnType<typeof useExpressionForm>;
