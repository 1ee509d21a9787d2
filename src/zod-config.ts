import { z } from 'zod';

// Imported first by main.tsx and by every contract module, before any schema is built (the
// contract's modules are evaluated in a shared chunk before main.tsx's own code runs): the
// console's Content-Security-Policy forbids eval, and without this zod probes `new Function` when
// it builds an object schema and the browser reports a violation. The platform (Node) keeps the
// faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });
