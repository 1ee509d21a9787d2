import { useMutation } from '@tanstack/react-query';
import { request } from '../http';
import { noContent } from './sign-in';

/** `POST /gateway/sign-out` (team sign-in): ends this browser's session. */
export const signOut = () =>
  request({ method: 'POST', path: '/gateway/sign-out', schema: noContent });

export const useSignOut = () => useMutation({ mutationFn: signOut });
