import { z } from 'zod'

// zod 4 probes whether it may compile validators with `new Function` as it builds an object
// schema; the page's CSP forbids eval, so the probe would log a CSP violation. Jitless mode never
// tries. Every schema takes `z` from here (eslint.config.js keeps it so), so this runs before the
// first one is built, and only on the pages with forms: the entry carries no zod
// (docs/performance.md, "Web app: first load and LCP").
z.config({ jitless: true })

export { z }
