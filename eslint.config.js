// ESLint flat config: JS recommended, typescript-eslint type-checked rules for TS, React hooks for
// the console, and the architecture rules of design.md (bulletproof-react style), enforced with
// the core `no-restricted-imports` rule.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import platformLayers from './scripts/eslint-platform-layers.js';

const root = import.meta.dirname;
const TS = '**/*.{ts,tsx,mts,cts}';
const CODE = '*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

// ---------------------------------------------------------------------------------------------
// Architecture rules
//
// The project has no path aliases, so every import between our folders is relative. A pattern on
// the import string alone cannot know where `../x` lands, so the rules below are generated per
// folder *depth*: a file at depth d below folder F reaches F's parent with exactly d + 1 `../`.
// That makes each regex exact (`../../datasets/x` from src/features/datastores/components/ is
// flagged, a sub-folder `src/features/datastores/files/` imported as `../files/x` is not).
// Files nested deeper than MAX_DEPTH fall back to a looser "any number of ../" pattern.
//
// Flat config does not merge the options of one rule across blocks (the last block wins), so each
// generated block carries the complete list of patterns for its files.
// ---------------------------------------------------------------------------------------------

const MAX_DEPTH = 6;

/** Feature folders named by design.md, plus any that appear later under src/features. */
const FEATURES = [
  ...new Set([
    'datastores',
    'datasets',
    'streams',
    'exports',
    'calculated-fields',
    'filesets',
    'files',
    'playground',
    'workflows',
    ...listDirs(path.join(root, 'src/features')),
  ]),
].sort();

function listDirs(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (names) => `(?:${names.map(esc).join('|')})`;
/** `../` exactly n times, or at least one time when n is undefined (fallback). */
const up = (n) => (n === undefined ? '(?:\\.\\./)+' : `(?:\\.\\./){${n}}`);
/** Import source starting with an optional `./` and then the given `../` chain. */
const from = (n) => `^(?:\\./)?${up(n)}`;
/** Glob for the files exactly `depth` folders below `dir` (or all of them when undefined). */
const filesAt = (dir, depth) =>
  depth === undefined ? `${dir}/**/${CODE}` : `${dir}/${'*/'.repeat(depth)}${CODE}`;
// The fallback (undefined: any depth) comes first: a later block replaces the rule for the files
// it matches, so the exact blocks that follow win wherever they apply.
const depths = [undefined, ...Array.from({ length: MAX_DEPTH + 1 }, (_, i) => i)];
const plus = (n, k) => (n === undefined ? undefined : n + k);

/** A file d levels below src/ must not import server/: the repository root is d + 1 levels up. */
const noServer = (d) => ({
  regex: `${from(plus(d, 1))}server(?:/|$)`,
  caseSensitive: true,
  message:
    'The console (src/) must not import server code: talk to the server over HTTP (/api, /v1).',
});

/** A file d levels below src/features/X must not reach another feature src/features/Y. */
const noOtherFeature = (feature, d) => {
  const others = alt(FEATURES.filter((f) => f !== feature));
  return {
    // ../Y (from the feature root, d + 1 up) or ../../features/Y (d + 2 up) or ../../../src/features/Y.
    regex: `(?:${from(plus(d, 1))}${others}|${from(plus(d, 2))}features/${others}|${from(plus(d, 3))}src/features/${others})(?:/|$)`,
    caseSensitive: true,
    message: `A feature must not import another feature (src/features/${feature} -> another src/features/*). Move what is shared to src/components, src/api or a hook there.`,
  };
};

/** A file d levels below src/components or src/api must not reach src/features or src/app. */
const noFeaturesOrApp = (d) => ({
  regex: `(?:${from(plus(d, 1))}|${from(plus(d, 2))}src/)(?:features|app)(?:/|$)`,
  caseSensitive: true,
  message:
    'src/components and src/api are shared layers: they must not import src/features or src/app.',
});

/** A file d levels below server/ may import src/api/contract and nothing else from src/. */
const onlyContractFromSrc = (d) => ({
  regex: `${from(plus(d, 1))}src(?:/(?!api/contract(?:/|$))|$)`,
  caseSensitive: true,
  message: 'server/ may import the shared contract (src/api/contract) only, no other console code.',
});

const restrict = (files, patterns) => ({
  files: [files],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const architecture = [];
for (const d of depths) {
  // Order matters: later blocks replace the rule for the files they match, so the general src/
  // rule comes first and the more specific folders (which repeat noServer) after it.
  architecture.push(restrict(filesAt('src', d), [noServer(d)]));
}
for (const layer of ['components', 'api']) {
  for (const d of depths) {
    architecture.push(
      restrict(filesAt(`src/${layer}`, d), [noServer(plus(d, 1)), noFeaturesOrApp(d)]),
    );
  }
}
for (const feature of FEATURES) {
  for (const d of depths) {
    architecture.push(
      restrict(filesAt(`src/features/${feature}`, d), [
        noServer(plus(d, 2)),
        noOtherFeature(feature, d),
      ]),
    );
  }
}
for (const d of depths) {
  architecture.push(restrict(filesAt('server', d), [onlyContractFromSrc(d)]));
}

// ---------------------------------------------------------------------------------------------

export default defineConfig([
  globalIgnores([
    'dist/',
    '.data/',
    '.data*/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'coverage/',
    '.test-reports/',
    '.scratch/',
    // npm start's server bundle (scripts/build-server.mjs).
    '.build/',
  ]),

  js.configs.recommended,

  {
    files: [TS],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      // `void promise` marks a deliberately un-awaited promise.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // `onClick={async () => ...}` is the normal React idiom.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  // Tests: spies and mocks are passed around unbound, and fixtures are often loosely typed.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'src/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  {
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  // React Router's internals are read in one adapter module, which the list hooks go through.
  {
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    ignores: ['src/hooks/router-address.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^react-router/] > ImportSpecifier[imported.name=/^UNSAFE_/]',
          message:
            "React Router's internals are read only in src/hooks/router-address.ts: use its hooks.",
        },
      ],
    },
  },

  // The custom-app starter: browser code, and its dev server's config in Node.
  { files: ['examples/app/src/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['examples/app/*.js'], languageOptions: { globals: { ...globals.node } } },

  {
    files: [
      'server/**/*.{ts,js,mjs}',
      'e2e/**/*.{ts,js,mjs}',
      'bench/**/*.{ts,js,mjs}',
      'scripts/**/*.{ts,js,mjs}',
      '*.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  ...architecture,

  // The platform's layers, checked on resolved paths (scripts/eslint-platform-layers.js).
  {
    files: ['server/**/*.{ts,js,mjs}', 'src/**/*.{ts,tsx}'],
    plugins: { platform: platformLayers },
    rules: { 'platform/layers': 'error' },
  },
]);
