import { type QueryClient, useMutation } from '@tanstack/react-query';
import { request } from '../http';
import { gatewayKeys } from './keys';

export interface SignInInput {
  email: string;
  password: string;
}

// 204: the answer is a session cookie the console never sees, so there is nothing to parse.
export const noContent = () => import('zod/mini').then((z) => z.undefined());

/** `POST /gateway/sign-in` (team sign-in, CONSOLE_AUTH=platform): 204 sets the session cookie. */
export const signIn = ({ email, password }: SignInInput) =>
  request({
    method: 'POST',
    path: '/gateway/sign-in',
    body: { email, password },
    schema: noContent,
  });

export const useSignIn = () => useMutation({ mutationFn: signIn });

/**
 * `GET /gateway/oidc/start`: a page the browser opens (not a request), which goes on to the
 * OpenID Connect provider and comes back to `next`.
 */
export const oidcStartUrl = (next: string) =>
  `/gateway/oidc/start?${new URLSearchParams({ next }).toString()}`;

/**
 * Forgets every answer given while the last person was signed in (all but the gateway's own
 * status), so that whoever signs in next is never shown them, not even while their own load.
 */
export const forgetSignedInData = (client: QueryClient) =>
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== gatewayKeys.all[0] });
