import type { BlockList } from 'node:net';
import { trustedProxies } from './client-address';
import type { Team } from './team/team';

/** What the gateway needs to know; the only place tokens enter it. */
export interface GatewayOptions {
  /** `{base_url}` of the spec: `/api/*` goes here. */
  baseUrl: string;
  /** `{api_url}` of the spec: `/v1/*` (workflows) goes here. */
  apiUrl: string;
  /** A token that is unset is simply not sent. */
  tokens: { developer?: string; session?: string; access?: string };
  /** Replaces SERVICE in the token header names (spec 5.1). */
  brand: string;
  mode: 'embedded' | 'remote';
  /** host[:port] values accepted in the Host header, e.g. `127.0.0.1:5173`. */
  allowedHosts: string[];
  /** How long to wait for the upstream's headers, and at most between two body chunks. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Data-file uploads stream through, up to this many bytes (MAX_UPLOAD_MB). */
  maxUploadBytes?: number;
  log?: (line: string) => void;
  /** Team mode (CONSOLE_AUTH=platform|oidc): each person signs in and acts with their own tokens. */
  team?: Team;
  /** Origins accepted for state-changing requests besides `http://` + an allowed host. */
  allowedOrigins?: string[];
  /**
   * Proxies in front of the gateway (CONSOLE_TRUSTED_PROXIES: addresses and ranges) whose
   * `x-forwarded-for` names the client (client-address.ts); none by default.
   */
  trustedProxies?: string[];
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

export interface ResolvedGatewayOptions extends Required<
  Omit<GatewayOptions, 'baseUrl' | 'apiUrl' | 'team' | 'trustedProxies'>
> {
  team: Team | undefined;
  trustedProxies: BlockList | undefined;
  baseUrl: URL;
  apiUrl: URL;
}

export function resolveGatewayOptions(options: GatewayOptions): ResolvedGatewayOptions {
  return {
    ...options,
    baseUrl: parseUpstreamUrl(options.baseUrl, 'baseUrl'),
    apiUrl: parseUpstreamUrl(options.apiUrl, 'apiUrl'),
    allowedHosts: options.allowedHosts.map((host) => host.toLowerCase()),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    log: options.log ?? (() => {}),
    team: options.team,
    allowedOrigins: (options.allowedOrigins ?? []).map((origin) => origin.toLowerCase()),
    trustedProxies: trustedProxies(options.trustedProxies ?? []),
  };
}

function parseUpstreamUrl(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`gateway: ${name} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`gateway: ${name} must be an http(s) URL`);
  }
  if (url.username || url.password) {
    throw new Error(`gateway: ${name} must not carry credentials; use the token settings`);
  }
  return url;
}
