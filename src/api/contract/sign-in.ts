/**
 * The sign-in page of team sign-in (CONSOLE_AUTH), shared by the gateway and the console; which
 * `next` it goes back to is `safeNextPath` (./safe-next-path.ts). The gateway's 401 answers name
 * it so the console can go there.
 */
export const SIGN_IN_PATH = '/sign-in';
