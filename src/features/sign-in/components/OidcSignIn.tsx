import Button from '@mui/material/Button';
import { oidcStartUrl } from '../../../api/gateway';

/**
 * Signing in at the OpenID Connect provider: the whole page goes there (through the gateway) and
 * comes back to `next`. A link, since it leaves the console.
 */
export function OidcSignIn({ next, provider }: { next: string; provider: string }) {
  return (
    <Button variant="contained" size="large" fullWidth href={oidcStartUrl(next)}>
      Sign in with {provider}
    </Button>
  );
}
