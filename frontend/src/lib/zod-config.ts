import { z } from 'zod'

// zod 4 probes whether it may compile validators with `new Function`; the page's CSP forbids
// eval, so the probe itself would log a CSP violation on every page. Jitless mode never tries.
// Imported first by main.tsx, before any schema exists.
z.config({ jitless: true })
