/** `npm start`: the built console and the gateway on 127.0.0.1, in front of the embedded platform or a real one. */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { startBackend, type Backend } from './backend';
import { readConfig } from './config';
import { createConsoleApp } from './console-app';
import { onStopSignal } from './signals';

const DEFAULT_PORT = 5173;
/** In-flight requests get this long to finish on shutdown before their connections are cut. */
const DRAIN_MS = 3_000;

function fail(message: string): never {
  console.error(`Platform Console: ${message}`);
  process.exit(1);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const starting: Handler = (_req, res) => {
  res
    .writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' })
    .end('Platform Console is starting');
};

async function listen(
  host: string,
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        fail(`port ${port} on ${host} is already in use (set PORT to use another)`);
      fail(`cannot listen on ${host}:${port} (${error.code ?? error.message})`);
    });
    server.listen(port, host, resolve);
  });
  return server;
}

/** Stop accepting, let in-flight requests finish (briefly), then close the platform and its store. */
async function stop(server: Server, backend: Promise<Backend | undefined>): Promise<void> {
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearTimeout(cut);
  // A platform still starting is waited for, so its store is never left half-open.
  await (await backend)?.close();
}

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const port = config.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    fail('PORT must be a number from 1 to 65535');

  const distDir = path.resolve(
    process.env.CONSOLE_DIST_DIR || path.join(import.meta.dirname, '..', 'dist'),
  );
  if (!existsSync(path.join(distDir, 'index.html')))
    fail(`${distDir} is missing: run npm run build`);

  // Listen before starting the platform: a taken port fails fast, before a database is opened.
  let handle: Handler = starting;
  const host = config.consoleHost;
  const server = await listen(host, port, (req, res) => handle(req, res));

  const backend = startBackend({ env: process.env, port, log: (line) => console.log(line) });
  const started = backend.then(
    (value) => value,
    () => undefined,
  );

  let stopping = false;
  onStopSignal('Platform Console', () => {
    stopping = true;
    return stop(server, started);
  });

  let ready: Backend;
  try {
    ready = await backend;
  } catch (error) {
    server.close();
    fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (stopping) return;
  const listener = getRequestListener(createConsoleApp({ gateway: ready.gateway, distDir }).fetch);
  handle = (req, res) => void listener(req, res);
  const auth =
    config.consoleAuth.mode === 'none' ? '' : `, people sign in: ${config.consoleAuth.mode}`;
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`Platform Console: http://${shown}:${port} (${ready.upstreamDescription}${auth})`);
}

main().catch((error: unknown) => {
  console.error('Platform Console: failed to start', error);
  process.exit(1);
});
