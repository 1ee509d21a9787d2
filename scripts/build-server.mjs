// `npm start` runs the server from a bundle built here, not through tsx: tsx's loader thread and
// the per-file transforms hold about 100 MiB more at idle. esbuild (the compiler tsx
// itself uses) bundles server/main.ts, the worker entries and the seed process's entry (a
// first start seeds in a process of its own, seed/in-child.ts) in a fraction of a second, so
// the bundle is rebuilt on every start and is never stale.
//
// The bundle lives in `.build/server-<hash>/` (the hash of its own output), reached through the
// symlink `.build/server`, swapped atomically: a second start that builds meanwhile never hands a
// running process half a folder. Packages stay in node_modules (`packages: 'external'`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(root, '.build');
/** What `npm start` runs. */
export const serverEntry = path.join(buildDir, 'server', 'main.mjs');

/**
 * Each module's `import.meta.url` and `import.meta.dirname` become its own source location, so
 * its data (migrations, seed data, the console's dist/) is found where it is in the checkout.
 * A worker's or child process's entry is the exception: `new URL('./x-worker.mjs',
 * import.meta.url)` (or `x-child.mjs`) must name the entry bundled beside the server's own, so in
 * those lines the bundle's own URL stays.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      const dirname = JSON.stringify(path.dirname(args.path));
      const contents = text
        .split('\n')
        .map((line) =>
          /-(worker|child)\.mjs['"]/.test(line)
            ? line
            : line.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dirname),
        )
        .join('\n');
      return { contents, loader: 'ts' };
    });
  },
};

/** Entries bundled beside main.mjs: the worker threads' and the seed process's. */
const WORKERS = {
  'pglite-worker': 'server/platform/store/pglite-worker.ts',
  'tokens-worker': 'server/platform/generation/tokens-worker.ts',
  'csv-worker': 'server/platform/streams/csv-worker.ts',
  'bulk-body-worker': 'server/platform/datastores/bulk-body-worker.ts',
  'regex-worker': 'server/platform/experiments/regex-worker.ts',
  'seed-child': 'server/platform/seed/seed-child.ts',
};

export async function buildServer() {
  fs.mkdirSync(buildDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(buildDir, 'staging-'));
  try {
    await build({
      absWorkingDir: root,
      entryPoints: { main: 'server/main.ts', ...WORKERS },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [sourceLocations],
    });
    // Node resolves packages from the bundle's folder up: `.build/` sits beside node_modules.
    const hash = createHash('sha256');
    for (const file of fs.readdirSync(staging).sort())
      hash.update(file).update(fs.readFileSync(path.join(staging, file)));
    const name = `server-${hash.digest('hex').slice(0, 16)}`;
    const target = path.join(buildDir, name);
    if (fs.existsSync(target)) fs.rmSync(staging, { recursive: true, force: true });
    else fs.renameSync(staging, target);
    const link = path.join(buildDir, `server.link-${process.pid}`);
    fs.symlinkSync(name, link);
    fs.renameSync(link, path.join(buildDir, 'server'));
    prune(name);
    return serverEntry;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Older bundles go after a day (a process started from one may still be running before that). */
function prune(keep) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of fs.readdirSync(buildDir)) {
    if (entry === keep || !/^(server-|staging-)/.test(entry)) continue;
    const full = path.join(buildDir, entry);
    if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
  } catch (error) {
    console.error(`Platform Console: the server could not be built: ${error.message}`);
    process.exit(1);
  }
}
