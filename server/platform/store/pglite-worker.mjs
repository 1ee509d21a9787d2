// The PGlite worker's entry: a worker thread does not inherit the platform's TypeScript loader
// (Node 20 loads a worker's entry before `--import` hooks apply), so it loads pglite-worker.ts
// through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
