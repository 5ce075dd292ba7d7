/**
 * The app runs under `script-src 'self'` (no eval): zod's compiled parsers would try `new Function`
 * and report a CSP violation. Imported first in main.tsx, before any schema is made.
 */
import { z } from 'zod';

z.config({ jitless: true });
