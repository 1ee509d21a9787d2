// The seed process's entry when the platform runs from its sources (tests, `npm run dev`): a
// plain `node` process, so it loads seed-child.ts through tsx's API. In the bundle that
// `npm start` runs, scripts/build-server.mjs builds seed-child.ts into its own seed-child.mjs.
import { tsImport } from 'tsx/esm/api';

await tsImport('./seed-child.ts', import.meta.url);
