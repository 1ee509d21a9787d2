import { defineConfig } from 'vite';

// The app calls the platform's app paths (`/domo/...`, as the vendor's client writes them). The
// dev server hands them to the console's gateway, which adds the token and answers from the
// embedded platform (or the instance it points at), under the console's brand, for this app.
const gateway = process.env.CONSOLE_URL ?? 'http://127.0.0.1:5173';
const brand = (process.env.PLATFORM_BRAND ?? 'SERVICE').toLowerCase();
const appId = process.env.APP_ID ?? 'APP_ID_PLACEHOLDER';

export default defineConfig({
  server: {
    port: 5180,
    proxy: {
      '/domo': {
        target: gateway,
        changeOrigin: true,
        rewrite: (path) => path.replace(/^\/domo/, `/${brand}`),
        headers: { 'x-app-id': appId },
        configure: (proxy) =>
          // The gateway refuses writes from another site; this dev server speaks for the page.
          proxy.on('proxyReq', (request) => {
            request.removeHeader('origin');
            request.removeHeader('sec-fetch-site');
            request.removeHeader('referer');
          }),
      },
    },
  },
});
