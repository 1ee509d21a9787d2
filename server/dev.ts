import { createServer } from 'vite';
import { readConfig } from './config';
import { startBackend } from './backend';

/**
 * `npm run dev`: Vite with hot reload, with the very same gateway (and embedded platform)
 * mounted as middleware, so development never uses a second proxy configuration.
 */
const config = readConfig();
const port = config.port ?? 5173;
const backend = await startBackend({ env: process.env, port, log: (line) => console.log(line) });
const vite = await createServer({
  server: { host: config.consoleHost, port, strictPort: true },
  plugins: [
    {
      name: 'platform-console-gateway',
      configureServer(server) {
        server.middlewares.use(backend.middleware);
      },
    },
  ],
});
await vite.listen();
vite.printUrls();
const stop = () => void Promise.all([vite.close(), backend.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
