// Prints what the landing page's first load costs in JavaScript, raw and as the precompressed
// copies the server sends (issue 18, item 7): every script and modulepreload that dist/index.html
// names, and every chunk those import statically (the `import … from` at the top of a chunk),
// which the browser fetches before the page renders. Dynamic import() chunks, the lazy pages of
// src/app/router.tsx, are not counted: they load when their route matches (issue 17, item 6).
// Run after npm run build: node scripts/first-load.mjs [dist]
import { readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'

const dist = process.argv[2] ?? 'dist'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])

// Static imports only: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`;
// not `import("./x.js")`.
const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{][^;'"]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g
for (let i = 0; i < files.length; i++) {
  const code = readFileSync(join(dist, files[i]), 'utf8')
  for (const [, spec] of code.matchAll(staticImport)) {
    const file = posix.join(posix.dirname(files[i]), spec)
    if (!files.includes(file)) files.push(file)
  }
}

const size = (file) => {
  try {
    return statSync(join(dist, file)).size
  } catch {
    return null
  }
}
const total = { raw: 0, gzip: 0, brotli: 0 }
for (const file of files) {
  const raw = size(file)
  // Assets under 1 KB are not compressed: they go as they are.
  const gzip = size(`${file}.gz`) ?? raw
  const brotli = size(`${file}.br`) ?? raw
  total.raw += raw
  total.gzip += gzip
  total.brotli += brotli
  console.log(`${file}  raw ${raw}  gzip ${gzip}  brotli ${brotli}`)
}
const kb = (n) => (n / 1024).toFixed(1)
console.log(`first-load-js files=${files.length} raw=${kb(total.raw)}KB gzip=${kb(total.gzip)}KB brotli=${kb(total.brotli)}KB`)
