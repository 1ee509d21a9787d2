import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of `src/` and `server/` (static, type-only and dynamic imports, re-exports),
 * read with the TypeScript compiler's own pre-processor: no module may reach itself through its
 * imports, and the platform's core imports no area.
 */
const root = path.resolve(import.meta.dirname, '..');
const extensions = ['.ts', '.tsx', '.mts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return extensions.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.m?js$/, ''));
  const candidates = [base, ...extensions.map((e) => base + e)].concat(
    extensions.map((e) => path.join(base, `index${e}`)),
  );
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

function importGraph() {
  const graph = new Map<string, string[]>();
  for (const file of ['src', 'server'].flatMap((d) => sourceFiles(path.join(root, d)))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap((i) => resolve(file, i.fileName) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
function circles(graph: Map<string, string[]>) {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.map((c) => c.map((f) => path.relative(root, f)).sort());
}

describe('import graph', () => {
  const graph = importGraph();

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get(path.join(root, 'server/platform/app.ts'))).toContain(
      path.join(root, 'server/platform/people/authenticate.ts'),
    );
  });

  it('has no import circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const a = path.join(root, 'a.ts');
    const b = path.join(root, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('keeps server/platform/core free of the areas: it imports only core, access, store, jobs and types', () => {
    const platform = path.join(root, 'server/platform');
    const allowed = ['core', 'access', 'store', 'jobs', 'types.ts'];
    const offending = [...graph]
      .filter(([file]) => file.startsWith(path.join(platform, 'core') + path.sep))
      .flatMap(([file, targets]) =>
        targets
          .filter((t) => t.startsWith(platform + path.sep))
          .filter((t) => !allowed.includes(path.relative(platform, t).split(path.sep)[0]!))
          .map((t) => `${path.relative(root, file)} -> ${path.relative(root, t)}`),
      );
    expect(offending).toEqual([]);
  });

  it('keeps server/platform/access free of the areas: the policies import only access and core/errors', () => {
    const platform = path.join(root, 'server/platform');
    const access = path.join(platform, 'access') + path.sep;
    const allowed = (target: string) =>
      target.startsWith(access) || target === path.join(platform, 'core/errors.ts');
    const offending = [...graph]
      .filter(([file]) => file.startsWith(access) && !file.endsWith('.test.ts'))
      .flatMap(([file, targets]) =>
        targets
          .filter((t) => t.startsWith(platform + path.sep) && !allowed(t))
          .map((t) => `${path.relative(root, file)} -> ${path.relative(root, t)}`),
      );
    expect(offending).toEqual([]);
  });
});
