/** Test helpers: a fake upstream that records what reaches it, and the gateway on a real socket. */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../gateway';
import { gatewayMiddleware } from '../middleware';
import type { GatewayOptions } from '../options';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type UpstreamHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  recorded: RecordedRequest,
) => void;

export interface FakeUpstream {
  url: string;
  /** host:port, as the gateway names it in errors and in /gateway/status. */
  host: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers 200 `{ok: true}` with a cookie the gateway must strip. */
export const echoHandler: UpstreamHandler = (_req, res, recorded) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'set-cookie': 'upstream-session=secret',
    'x-upstream': 'yes',
  });
  res.end(JSON.stringify({ ok: true, path: recorded.url }));
};

/** Never answers: for timeouts. */
export const silentHandler: UpstreamHandler = () => {};

async function listen(server: ReturnType<typeof createServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startFakeUpstream(
  handler: UpstreamHandler = echoHandler,
): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => {});
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(recorded);
      handler(req, res, recorded);
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RunningGateway {
  port: number;
  /** host:port the gateway accepts */
  host: string;
  logs: string[];
  close(): Promise<void>;
}

/** The gateway behind connect middleware (as in Vite); other paths reach a stand-in static server. */
export async function startGateway(
  options: Omit<GatewayOptions, 'allowedHosts' | 'brand' | 'mode' | 'tokens'> &
    Partial<GatewayOptions>,
): Promise<RunningGateway> {
  const logs: string[] = [];
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => handle(req, res));
  const port = await listen(server);
  const host = `127.0.0.1:${port}`;
  const brand = options.brand ?? 'SERVICE';
  const gateway = createGateway({
    brand,
    mode: 'remote',
    tokens: {},
    allowedHosts: [host, `localhost:${port}`],
    log: (line) => logs.push(line),
    ...options,
  });
  const middleware = gatewayMiddleware(gateway, brand);
  handle = (req, res) =>
    middleware(req, res, () => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('static');
    });
  return {
    port,
    host,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json(): unknown;
}

/** The `message` of a JSON error body; fails when the body is not `{message: string, ...}`. */
export function messageOf(answer: RawResponse): string {
  const body = answer.json();
  if (
    typeof body !== 'object' ||
    body === null ||
    !('message' in body) ||
    typeof body.message !== 'string'
  ) {
    throw new Error(`not a JSON error body: ${answer.body}`);
  }
  return body.message;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as given on the request line: `..`, `%2f` and absolute-form survive. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Written one by one without Content-Length, i.e. `Transfer-Encoding: chunked`. */
  chunks?: Buffer[];
  /** Send the headers only and wait for the answer without writing the body they announce. */
  headersOnly?: boolean;
}

/** A request over a fresh connection, by node:http (fetch would normalize the path). */
export function send(port: number, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${port}`, ...req.headers };
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method ?? 'GET',
        path: req.path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (req.headersOnly) outgoing.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body) as unknown,
          });
        });
      },
    );
    // The gateway may answer (413) before the whole body is written and then close the connection.
    outgoing.on('error', reject);
    if (req.headersOnly) {
      outgoing.flushHeaders();
      return;
    }
    if (req.chunks) for (const chunk of req.chunks) outgoing.write(chunk);
    outgoing.end(req.body);
  });
}
