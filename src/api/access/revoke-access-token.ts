import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { path, request } from '../http';
import { accessKeys } from './keys';

/** `DELETE /api/data/v1/accesstokens/{id}`: the token stops working at once. */
export const revokeAccessToken = (id: string) =>
  request({ method: 'DELETE', path: path`/api/data/v1/accesstokens/${id}`, schema: z.undefined() });

export const useRevokeAccessToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.tokenLists() }),
  });
};
