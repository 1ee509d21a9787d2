import { badRequest } from '../../core/errors';
import { decodeText } from '../csv';
import { SourceError } from '../table';
import { fetchOutbound, redactCredentials, type OutboundPolicy } from './outbound';
import { configValue, type Connector } from './types';

const DEFAULT_TIMEOUT_SECONDS = 20;
const MAX_BYTES = 64 * 1024 * 1024;

const networkReasons: Record<string, string> = {
  ENOTFOUND: 'the host name was not found (no DNS, or no network)',
  EAI_AGAIN: 'the host name could not be looked up (no DNS, or no network)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
};

function settingsOf(configuration: Parameters<Connector['read']>[0]) {
  const raw = configValue(configuration, 'url');
  if (!raw) throw badRequest('configuration.url: required by the http-csv connector');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`configuration.url: not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(
      `configuration.url: only http and https URLs can be read, not ${url.protocol}`,
    );
  const timeoutRaw = configValue(configuration, 'timeoutSeconds');
  const timeoutSeconds = timeoutRaw ? Number(timeoutRaw) : DEFAULT_TIMEOUT_SECONDS;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 300)
    throw badRequest('configuration.timeoutSeconds: a whole number of seconds from 1 to 300');
  return { url, timeoutSeconds };
}

/** Where the URL names credentials, the message names the host only. */
const shown = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;

/** Credentials in the URL go as HTTP Basic authentication (fetch refuses them in the URL). */
function withoutCredentials(url: URL): { url: URL; headers: Record<string, string> } {
  if (!url.username && !url.password) return { url, headers: {} };
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { url: bare, headers: { authorization: `Basic ${Buffer.from(pair).toString('base64')}` } };
}

function failure(url: URL, timeoutSeconds: number, error: unknown): SourceError {
  if (error instanceof SourceError) return error;
  if ((error as Error).name === 'TimeoutError')
    return new SourceError(`No complete answer from ${shown(url)} within ${timeoutSeconds} s`);
  const code = (error as { cause?: { code?: string } }).cause?.code;
  const why = code
    ? `${networkReasons[code] ?? 'a network error'} (${code})`
    : redactCredentials((error as Error).message);
  return new SourceError(`Could not read ${shown(url)}: ${why}`);
}

async function download(
  target: URL,
  signal: AbortSignal,
  outbound: OutboundPolicy,
): Promise<Uint8Array> {
  const { url, headers } = withoutCredentials(target);
  const { response } = await fetchOutbound(
    url,
    { signal, headers: { accept: 'text/csv, text/plain, */*', ...headers } },
    outbound,
  );
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceError(`${shown(url)} answered HTTP ${response.status}`);
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > MAX_BYTES) {
      await reader?.cancel();
      throw new SourceError(`${shown(url)} sent more than ${MAX_BYTES / 2 ** 20} MiB`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * A CSV at an HTTP(S) URL. Where the network does not reach the host, the run ends in ERROR
 * with the reason: Node's fetch would otherwise wait up to 300 s (toolchain.md).
 */
export const httpCsvConnector: Connector = {
  key: 'http-csv',
  name: 'CSV from an HTTP(S) URL',
  versions: ['1'],
  fields: [
    {
      name: 'url',
      label: 'URL',
      required: true,
      help: 'An http:// or https:// address of a CSV with a header row',
    },
    {
      name: 'timeoutSeconds',
      label: 'Timeout (seconds)',
      required: false,
      help: `How long to wait for the whole file; default ${DEFAULT_TIMEOUT_SECONDS}`,
    },
  ],
  validate(configuration) {
    settingsOf(configuration);
    return Promise.resolve();
  },
  async read(configuration, { outbound }) {
    const { url, timeoutSeconds } = settingsOf(configuration);
    try {
      const signal = AbortSignal.timeout(timeoutSeconds * 1000);
      return { csv: decodeText(await download(url, signal, outbound)) };
    } catch (error) {
      throw failure(url, timeoutSeconds, error);
    }
  },
};
