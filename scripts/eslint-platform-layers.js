// An ESLint rule for the embedded platform's layers (docs/architecture.md). It resolves each
// relative import to the file it names, which a pattern on the import string cannot do:
// - the paths by which users reach data (routes, workflow steps, app paths, live reads, job
//   handlers) get services; they import no repository, no store and not core/context (deps);
// - production code (server/, src/) never imports test support (a testing/, test/ or __tests__/ folder, or a test file).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const platform = path.join(root, 'server/platform');

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /\.test-/.test(file);
const TEST_FOLDERS = new Set(['testing', 'test', '__tests__']);
const inTesting = (file) => file.split(path.sep).some((part) => TEST_FOLDERS.has(part));

/** A path to data: what it may import is only services, policies, contract and core helpers. */
function isEntryPoint(file) {
  if (!file.startsWith(platform + path.sep) || isTest(file) || inTesting(file)) return false;
  const rel = path.relative(platform, file).split(path.sep).join('/');
  const base = path.posix.basename(rel).replace(/\.[cm]?[jt]sx?$/, '');
  return (
    base === 'routes' ||
    base.endsWith('-routes') ||
    base === 'job' ||
    base === 'live' ||
    base.endsWith('-live') ||
    rel.startsWith('workflows/steps/') ||
    (rel.startsWith('apps/') && base.endsWith('-paths')) ||
    rel.startsWith('live/')
  );
}

/** Why `target` may not be imported from an entry point, or undefined. */
function forbiddenForEntryPoint(target) {
  const rel = path.relative(platform, target).split(path.sep).join('/');
  if (rel.startsWith('..')) return undefined;
  const base = path.posix.basename(rel).replace(/\.[cm]?[jt]sx?$/, '');
  if (base === 'repository' || base.endsWith('-repository')) return 'a repository';
  if (rel === 'store' || rel.startsWith('store/')) return 'the store';
  if (rel === 'core/context' || rel.startsWith('core/context.')) return 'core/context (deps)';
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The platform layers: paths to data get services; no test support in production.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(root + path.sep)) return {};
    const production =
      ['server', 'src'].some((dir) => file.startsWith(path.join(root, dir) + path.sep)) &&
      !isTest(file) &&
      !inTesting(file);
    const entryPoint = isEntryPoint(file);
    if (!production && !entryPoint) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      if (production && (inTesting(target) || isTest(target)))
        context.report({
          node: node.source,
          message: `Production code does not import test support (${specifier}).`,
        });
      const why = entryPoint ? forbiddenForEntryPoint(target) : undefined;
      if (why)
        context.report({
          node: node.source,
          message: `A route, step, app path, live read or job handler gets services; it does not import ${why} (${specifier}). Call the area's service.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };
