// `node --import tsx server/platform/testing/make-templates.ts`: makes this run's store templates
// (testing/templates.ts) in a process of its own and prints them as JSON on its last line. It
// exits once they are written: a thread the seed started (token counts) would keep it waiting.
import { makeTemplates } from './templates';

const templates = await makeTemplates(process.env.DATABASE_URL || undefined);
process.stdout.write(`${JSON.stringify(templates)}\n`, () => process.exit(0));
