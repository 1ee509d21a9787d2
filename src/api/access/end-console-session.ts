import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { path, request } from '../http';
import { accessKeys } from './keys';

/**
 * gaps.md: `DELETE /api/access/v1/console-sessions/{id}` → 204: both tokens of the session are
 * revoked, so that person's console asks them to sign in again at their next request. 404 when it
 * has ended already, or is another person's and the caller is not an Admin.
 */
export const endConsoleSession = (id: string) =>
  request({
    method: 'DELETE',
    path: path`/api/access/v1/console-sessions/${id}`,
    schema: z.undefined(),
  });

/** Read again on a refusal too: a 404 says the session has ended meanwhile, so its row goes. */
export const useEndConsoleSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endConsoleSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.consoleSessionLists() }),
  });
};
