import { config } from 'zod/v4/core';

// In the browser the page's Content-Security-Policy has no 'unsafe-eval': zod must not probe for
// eval (the probe is reported as a policy violation) nor compile parsers with it. The server keeps
// zod's compiled parsers. Imported first by index.ts, before any schema is built.
if ('document' in globalThis) config({ jitless: true });
