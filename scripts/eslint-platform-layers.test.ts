import path from 'node:path';
import tseslint from 'typescript-eslint';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './eslint-platform-layers.js';

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('platform/layers', plugin.rules.layers, {
  valid: [
    { filename: at('server/platform/datasets/routes.ts'), code: "import { x } from './service';" },
    {
      filename: at('server/platform/datasets/service.ts'),
      code: "import { x } from './repository'; import { db } from '../store';",
    },
    {
      filename: at('server/platform/workflows/steps/export.ts'),
      code: "import type { Actor } from '../../access/principal';",
    },
    {
      filename: at('server/platform/datasets/datasets.test.ts'),
      code: "import { startTestPlatform } from '../testing';",
    },
    { filename: at('bench/documents.ts'), code: "import { x } from '../server/platform/testing';" },
  ],
  invalid: [
    {
      filename: at('server/platform/datasets/routes.ts'),
      code: "import { findDataset } from './repository';",
      errors: [{ message: /does not import a repository/ }],
    },
    {
      filename: at('server/platform/exports/job.ts'),
      code: "import type { Db } from '../store';",
      errors: [{ message: /does not import the store/ }],
    },
    {
      filename: at('server/platform/workflows/steps/export.ts'),
      code: "import type { PlatformDeps } from '../../core/context';",
      errors: [{ message: /does not import core\/context/ }],
    },
    {
      filename: at('server/platform/apps/app-paths.ts'),
      code: "export { x } from '../datastores/document-repository';",
      errors: [{ message: /does not import a repository/ }],
    },
    {
      filename: at('server/platform/datasets/service.ts'),
      code: "import { aDataset } from '../testing';",
      errors: [{ message: /does not import test support/ }],
    },
    {
      filename: at('src/features/datasets/pages/RowsTab.tsx'),
      code: "import { renderWith } from '../../../test/render';",
      errors: [{ message: /does not import test support/ }],
    },
  ],
});
