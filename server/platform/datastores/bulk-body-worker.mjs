// The bulk body thread's entry: a worker thread does not inherit the platform's TypeScript loader
// (Node 20 loads a worker's entry before `--import` hooks apply), so it loads
// bulk-body-worker.ts through tsx's API (as streams/csv-worker.mjs does).
import { tsImport } from 'tsx/esm/api';

await tsImport('./bulk-body-worker.ts', import.meta.url);
