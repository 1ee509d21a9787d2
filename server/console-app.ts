import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { isGatewayPath } from './gateway';

/**
 * Emotion (MUI) injects <style> elements, hence 'unsafe-inline' for styles only; scripts,
 * connections and frames stay same-origin. The console never talks to the platform directly.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Vite names files under /assets/ by content hash, so they never change; index.html and the rest may. */
function cacheControlFor(requestPath: string, contentType: string | null): string {
  const isHtml = contentType?.startsWith('text/html') ?? false;
  return requestPath.startsWith('/assets/') && !isHtml
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function acceptsHtml(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('text/html');
}

/** `npm start`'s app: the gateway first, then the built console from `distDir`, then the SPA fallback. */
export function createConsoleApp({ gateway, distDir }: { gateway: Hono; distDir: string }): Hono {
  const app = new Hono();
  app.route('/', gateway);

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value);
    if (c.res.ok)
      c.res.headers.set(
        'cache-control',
        cacheControlFor(c.req.path, c.res.headers.get('content-type')),
      );
  });
  app.use('*', serveStatic({ root: distDir }));

  // Client-side routes (/datasets/42, ...) are the console's index.html; files that are missing stay 404.
  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (isGatewayPath(c.req.path) || !acceptsHtml(c)) return c.text('Not found', 404);
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    return c.html(html);
  });
  app.all('*', (c) => c.text('Not found', 404));
  return app;
}
