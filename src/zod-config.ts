import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: the Content-Security-Policy forbids
// eval, and without this zod probes `new Function` and the browser reports a violation.
z.config({ jitless: true });
