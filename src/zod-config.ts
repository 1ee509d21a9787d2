import { config, globalConfig } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

// Imported first by every contract module, before any schema is built (the first page loads its
// schemas, and zod, with its first requests; the other screens' chunks bring theirs): the
// console's Content-Security-Policy forbids eval, and without this zod probes `new Function` when
// it builds an object schema and the browser reports a violation. The platform (Node) keeps the
// faster compiled parsers. From zod's core, not the classic API, which would bring all of zod
// into the first page.
if (typeof window !== 'undefined') config({ jitless: true });
// English messages, as classic zod sets on its first schema: the first page's schemas are
// zod/mini, which sets none, and a contract failure names what was wrong.
if (!globalConfig.localeError) config(en());
