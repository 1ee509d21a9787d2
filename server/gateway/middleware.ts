import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import { jsonError } from './json-error';
import { requestPaths } from './request-target';
import { isGatewayPath } from './routes';

export type ConnectMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The gateway as connect middleware (Vite's dev server): gateway paths go to the Hono app,
 * everything else to next(), so development and `npm start` share one implementation.
 */
export function gatewayMiddleware(gateway: Hono, brand?: string): ConnectMiddleware {
  const listener = getRequestListener(gateway.fetch, {
    // Vite's process keeps its own Request/Response globals.
    overrideGlobalObjects: false,
    // A request line the adapter cannot turn into a URL (bad Host, backslash in the path).
    errorHandler: (error) =>
      error instanceof RequestError
        ? jsonError(400, 'Malformed request')
        : jsonError(502, 'The gateway failed to handle the request'),
  });
  return (req, res, next) => {
    if (!requestPaths(req.url ?? '/').some((path) => isGatewayPath(path, brand))) {
      next();
      return;
    }
    listener(req, res).catch(next);
  };
}
