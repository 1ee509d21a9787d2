// The regular expression tester's thread entry: a worker thread does not inherit the platform's
// TypeScript loader (Node 20 loads a worker's entry before `--import` hooks apply), so it loads
// regex-worker.ts through tsx's API (as store/pglite-worker.mjs does).
import { tsImport } from 'tsx/esm/api';

await tsImport('./regex-worker.ts', import.meta.url);
