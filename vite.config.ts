import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alone, aloneOnBoth, bothGlobs, serverTests } from './scripts/server-suites.ts';

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

function serverProject(
  name: string,
  include: string[],
  exclude: string[],
  maxWorkers: number,
  groupOrder: number,
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include,
      exclude,
      maxWorkers,
      sequence: { groupOrder },
      // Every test file copies a store made once per run (server/platform/testing/templates.ts).
      globalSetup: ['server/platform/testing/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

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
          // Two files at a time: one worker per core (Vitest's default leaves one core idle).
          maxWorkers: 2,
          setupFiles: ['src/test/setup.ts'],
        },
      },
      // The server tests (scripts/server-suites.ts says which run where): two files at a time,
      // then the files that time themselves one at a time (a later group).
      serverProject('server', serverTests, alone, 2, 0),
      serverProject('server-alone', alone, [], 1, 1),
      // With DATABASE_URL: the files whose behaviour depends on the database.
      serverProject('server-postgresql', bothGlobs, alone, 2, 0),
      serverProject('server-postgresql-alone', aloneOnBoth, [], 1, 1),
    ],
  },
});
