import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accessUser, role, type SetUserPasswordBody } from '../contract/access';
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

/**
 * gaps.md: `PUT /api/access/v1/users/{id}/disabled`, Admins only (403 otherwise). Disabling
 * revokes every token of the person; nobody disables themselves or the last enabled Admin (409).
 */
export const setUserDisabled = ({ userId, disabled }: { userId: number; disabled: boolean }) =>
  request({
    method: 'PUT',
    path: path`/api/access/v1/users/${String(userId)}/disabled`,
    body: { disabled },
    schema: accessUser,
  });

/**
 * gaps.md: `PUT /api/access/v1/users/{id}/password` → 204. An Admin sets anyone's; a person their
 * own with `currentPassword` (401 `INVALID_CREDENTIALS` when it is not theirs). The person's console
 * sessions and platform session tokens end; tokens they were given keep working.
 */
export const setUserPassword = ({ userId, ...body }: { userId: number } & SetUserPasswordBody) =>
  request({
    method: 'PUT',
    path: path`/api/access/v1/users/${String(userId)}/password`,
    body,
    schema: z.undefined(),
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

/** Disabling revokes the person's tokens too: users and token lists are read again. */
export const useSetUserDisabled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
};

/** The console-session tokens the change revokes are in the token lists: those are read again. */
export const useSetUserPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.tokenLists() }),
  });
};

export const useSetRoleGrants = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoleGrants,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
};
