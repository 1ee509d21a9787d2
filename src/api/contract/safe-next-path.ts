import { SIGN_IN_PATH } from './sign-in';

// Its own module, apart from SIGN_IN_PATH: the first page needs the path, only the sign-in page
// and the gateway need this rule.

const HOME = '/';
/** Longer than any address the console makes: refused rather than carried through a sign-in. */
const MAX_NEXT = 2_000;
const ORIGIN = 'https://console.invalid';

// Browsers drop tabs and line breaks from a URL and read `\` as `/`, so `/\t/evil` and `/\evil`
// both become `//evil`: another host.
const hasControl = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const leavesOrigin = (value: string) =>
  !value.startsWith('/') || /^\/[/\\]/.test(value) || hasControl(value);
const pathPart = (value: string) => value.split(/[?#]/, 1)[0]!;
// The gateway's own paths (sign-out, the OpenID Connect start) are not pages to come back to.
const isGatewayPath = (pathname: string) => /^\/gateway(\/|$)/i.test(pathname);

/** `value` and what it reads as once and twice decoded, so `/%2F%2Fevil` is judged as `//evil`. */
function readings(value: string): string[] | undefined {
  const found = [value];
  for (let i = 0; i < 2; i++) {
    try {
      const decoded = decodeURIComponent(found[found.length - 1]!);
      if (decoded === found[found.length - 1]) break;
      found.push(decoded);
    } catch {
      return undefined;
    }
  }
  return found;
}

/**
 * Where to go back to after signing in: `value` when it is a path on the console's own origin,
 * otherwise the start page. A `next` in the address is anyone's to write, so it is never followed
 * to another host (`//evil.example`, `/\evil`, `https://…`, `javascript:…`, or one of these
 * percent-encoded), nor back to the sign-in page or to the gateway's own paths.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || value.length > MAX_NEXT) return HOME;
  const forms = readings(value);
  if (!forms) return HOME;
  const refused = (form: string) =>
    leavesOrigin(form) ||
    pathPart(form).includes('\\') ||
    pathPart(form) === SIGN_IN_PATH ||
    isGatewayPath(pathPart(form));
  if (forms.some(refused)) return HOME;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return HOME;
  }
  return url.origin === ORIGIN ? value : HOME;
}
