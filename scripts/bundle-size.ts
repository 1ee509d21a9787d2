import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import type { BenchRow } from '../bench/lib';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB gz`;

/**
 * What the first page loads, in gzipped JS: the entry and the first screen's chunk
 * (render-blocking), and the chunks its first requests import as they start (their schemas, and
 * zod with them: see `schema` in src/api/http.ts), which are downloaded alongside those requests.
 */
export const FIRST_PAGE_BUDGET_KB = 200;
/** The chunk of the first screen (HOME_PATH in src/app/screens.ts: the datastore list). */
const FIRST_SCREEN = 'src/features/datastores/pages/DatastoresPage.tsx';

/**
 * The modules that the features' routes.ts files load lazily: one chunk per screen. A route may
 * load its pages through a small module of its own (`load-pages.ts`, `screens.tsx`), so that the
 * first page carries no list of their chunks: what that module loads counts as the screen too.
 */
function screenModules(manifest: Manifest): Set<string> {
  const features = path.resolve(import.meta.dirname, '../src/features');
  const keys = new Set<string>();
  const lazyImports = (file: string, dir: string) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import\('(\.[^']+)'\)/g)].map(([, spec]) =>
      path.posix.join(dir, spec!),
    );
  const keyOf = (base: string) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((k) => manifest[k]);
  for (const feature of fs.readdirSync(features)) {
    const dir = path.posix.join('src/features', feature);
    const routes = path.join(features, feature, 'routes.ts');
    if (!fs.existsSync(routes)) continue;
    for (const base of lazyImports(routes, dir)) {
      const key = keyOf(base);
      if (!key) continue;
      keys.add(key);
      const source = path.resolve(import.meta.dirname, '..', key);
      for (const next of lazyImports(source, path.posix.dirname(key))) {
        const hop = keyOf(next);
        if (hop) keys.add(hop);
      }
    }
  }
  return keys;
}

const SRC = path.resolve(import.meta.dirname, '../src');
/** `schema: () => import('…')` in a request: the chunk it loads starts with the request. */
const SCHEMA_IMPORT = /schema:\s*\(\)\s*=>\s*import\('(\.[^']+)'\)/g;
/** http.ts itself: whatever it imports dynamically, it imports for every request. */
const HTTP = path.join(SRC, 'api/http.ts');
const ANY_IMPORT = /import\('(\.[^']+)'\)/g;

function resolveSource(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/**
 * The source modules that the given modules' requests import when they start: the schema imports
 * of request functions, and any dynamic import of http.ts (when http.ts is among them).
 */
function requestImports(modules: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const id of modules) {
    if (!id.startsWith(SRC + path.sep) || !/\.tsx?$/.test(id) || !fs.existsSync(id)) continue;
    const source = fs.readFileSync(id, 'utf8');
    for (const [, spec] of source.matchAll(id === HTTP ? ANY_IMPORT : SCHEMA_IMPORT)) {
      const target = resolveSource(id, spec!);
      if (!target) throw new Error(`${id}: cannot resolve import('${spec}')`);
      found.add(target);
    }
  }
  return found;
}

/** Gzipped JS of the production build: what the first page loads, and each screen's own chunk. */
export async function bundleRows(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  try {
    // Which source modules each output chunk holds (the manifest names chunks, not their modules).
    const chunkModules = new Map<string, string[]>();
    const recordModules: Plugin = {
      name: 'bench-chunk-modules',
      generateBundle(_, output) {
        for (const chunk of Object.values(output)) {
          if (chunk.type === 'chunk') chunkModules.set(chunk.fileName, [...chunk.moduleIds]);
        }
      },
    };
    // A production build whoever calls (vitest sets NODE_ENV=test, which would build React's
    // development bundle).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    await build({
      mode: 'production',
      logLevel: 'silent',
      plugins: [recordModules],
      build: { outDir, manifest: true, emptyOutDir: true },
    }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length;
    const closure = (key: string, seen = new Set<string>()) => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
      return seen;
    };
    const entry = closure('index.html');
    const size = (keys: Iterable<string>) =>
      [...keys].reduce((n, k) => n + gz(manifest[k]!.file), 0);
    const own = (key: string) => [...closure(key)].filter((k) => !entry.has(k));
    if (!manifest[FIRST_SCREEN]?.isDynamicEntry) {
      throw new Error(
        `${FIRST_SCREEN} is no longer a lazy chunk: update FIRST_SCREEN in scripts/bundle-size.ts`,
      );
    }
    const blocking = closure(FIRST_SCREEN, new Set(entry));
    // The chunks the first page's requests import at once, with what they import statically.
    const keyOfModule = new Map<string, string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      for (const id of chunkModules.get(chunk.file) ?? []) keyOfModule.set(id, key);
    }
    const dynamicOfBlocking = new Set(
      [...blocking].flatMap((k) => manifest[k]!.dynamicImports ?? []),
    );
    const requested = [
      ...requestImports([...blocking].flatMap((k) => chunkModules.get(manifest[k]!.file) ?? [])),
    ]
      .map((id) => keyOfModule.get(id) ?? id)
      .filter((key) => !blocking.has(key));
    for (const key of requested) {
      if (!manifest[key] || !dynamicOfBlocking.has(key)) {
        throw new Error(
          `${key}: a first-page request imports it, but it is not a chunk the first page imports dynamically`,
        );
      }
    }
    if (!requested.length)
      throw new Error(
        "the first page's requests import no schema chunk: check scripts/bundle-size.ts",
      );
    const all = new Set(blocking);
    for (const key of requested) closure(key, all);
    const alongside = [...all].filter((k) => !blocking.has(k));
    const firstPage = size(all);
    const label = (key: string) =>
      (manifest[key]!.src ?? manifest[key]!.name ?? key).replace(/^src\//, '');
    const screens = screenModules(manifest);
    const lazy = Object.keys(manifest)
      .filter((key) => manifest[key]!.isDynamicEntry)
      .sort();
    const rows: BenchRow[] = [
      {
        group: 'console bundle',
        metric: 'first page (/datastores) JS',
        value: kb(firstPage),
        note:
          `budget ${FIRST_PAGE_BUDGET_KB} kB gz; render-blocking ${kb(size(blocking))} ` +
          `(entry ${kb(size(entry))} + ${FIRST_SCREEN.replace(/^src\//, '')}), ` +
          `alongside the first requests ${kb(size(alongside))} ` +
          `(${[...new Set(requested)].map(label).join(', ')} and their imports)`,
        ...(firstPage > FIRST_PAGE_BUDGET_KB * 1024 && {
          failure: `${kb(firstPage)} is above the ${FIRST_PAGE_BUDGET_KB} kB gz budget`,
        }),
      },
    ];
    for (const key of lazy) {
      rows.push({
        group: 'console bundle',
        metric: `${screens.has(key) ? 'screen chunk' : 'on demand'} ${key.replace(/^src\//, '')}`,
        value: kb(size(own(key))),
      });
    }
    return rows;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
