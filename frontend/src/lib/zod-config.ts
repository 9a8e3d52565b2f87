import { config } from 'zod/v4/core'

// zod 4 probes whether it may compile validators with `new Function`; the page's CSP forbids
// eval, so the probe itself would log a CSP violation on every page. Jitless mode never tries.
// Imported first by main.tsx, before any schema exists. From zod's core, not `z.config`: the
// same global setting, without pulling all of zod into the entry bundle (only pages with forms
// need it; issue 17, item 6).
config({ jitless: true })
