import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calculatedField, editExpressionBody } from '../contract/calculated-fields';
import { path, request } from '../http';
import { calculatedFieldKeys, invalidateCalculatedFields } from './keys';

export const expressionInput = editExpressionBody;

/** gaps.md: `PUT .../template/{id}` with `{expression}`; a locked field answers 409. */
export const editCalculatedFieldExpression = (id: number, expression: string) =>
  request({
    method: 'PUT',
    path: path`/api/query/v1/functions/template/${id}`,
    body: { expression },
    schema: calculatedField,
  });

/** Pessimistic: the platform recomputes functions, columns and validity from the text. */
export const useEditCalculatedFieldExpression = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expression: string) => editCalculatedFieldExpression(id, expression),
    onSuccess: (updated) => queryClient.setQueryData(calculatedFieldKeys.detail(id), updated),
    onSettled: () => invalidateCalculatedFields(queryClient),
  });
};
