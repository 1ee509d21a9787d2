import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdAccessToken, type CreateAccessTokenBody } from '../contract/access';
import { request } from '../http';
import { accessKeys } from './keys';

/** `POST /api/data/v1/accesstokens`: the answer carries the value, this once; it is never cached. */
export const createAccessToken = (body: CreateAccessTokenBody) =>
  request({ method: 'POST', path: '/api/data/v1/accesstokens', body, schema: createdAccessToken });

export const useCreateAccessToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.tokenLists() }),
  });
};
