/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The build's ButtonBase loads its ripple on first use (src/lib/lazy-touch-ripple.tsx): MUI mounts
 * it only on the first press or keyboard focus, so the first page need not carry its code.
 */
const lazyTouchRipple = (): Plugin => ({
  name: 'console-lazy-touch-ripple',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === './TouchRipple.mjs' &&
      importer &&
      /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/.test(importer)
    ) {
      return fileURLToPath(new URL('./src/lib/lazy-touch-ripple.tsx', import.meta.url));
    }
    return null;
  },
});

export default defineConfig({
  plugins: [react(), lazyTouchRipple()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // What the entry imports statically is loaded with it on every visit: one chunk
              // compresses better than the dozens of small shared chunks it would otherwise be.
              name: 'shell',
              tags: ['$initial'],
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          // A screen test renders lazy routes and waits on debounces: generous on a busy 2-core machine.
          testTimeout: 40_000,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
