import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessUser, role } from '../contract/access';
import { path, request } from '../http';
import { accessKeys } from './keys';

/** gaps.md: `PUT /api/access/v1/users/{id}/role`, Admins only (403 otherwise). */
export const setUserRole = ({ userId, role: name }: { userId: number; role: string }) =>
  request({
    method: 'PUT',
    path: path`/api/access/v1/users/${String(userId)}/role`,
    body: { role: name },
    schema: accessUser,
  });

/** gaps.md: `PUT /api/access/v1/roles/{name}/grants`, Admins only (403 otherwise). */
export const setRoleGrants = ({ roleName, grants }: { roleName: string; grants: string[] }) =>
  request({
    method: 'PUT',
    path: path`/api/access/v1/roles/${roleName}/grants`,
    body: { grants },
    schema: role,
  });

/** A role or grant change alters users, roles and whose token may do what: all read again. */
export const useSetUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
};

export const useSetRoleGrants = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoleGrants,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
};
