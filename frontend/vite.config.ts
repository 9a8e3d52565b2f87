/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite'
import { bootScript } from './scripts/boot-script.mjs'

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the
 * strongest settings: compressed once here, the Go server sends them as they are
 * (backend/httpapi/spa.go) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'bridgework-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // Once the bundle is written (closeBundle runs after a failed build too, hiding its error).
    async writeBundle() {
      const assets = join(outDir, 'assets')
      for (const name of await readdir(assets)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue
        const file = join(assets, name)
        const data = await readFile(file)
        if (data.length < 1024) continue // below a packet, compression saves nothing
        await writeCompressed(file, data)
      }
    },
  }
}

/**
 * Writes the boot script (scripts/boot-script.mjs) with the hashed names of the dashboard
 * route's chunks, as assets/boot-<hash>.js, and loads it first in index.html's <head>: a classic
 * script, so it runs before the page renders and before the entry (issue 17, item 6).
 */
function boot(): Plugin {
  return {
    name: 'bridgework-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      /** A chunk and every chunk it imports statically, by file name. */
      const closure = (start: Rollup.OutputChunk[]) => {
        const seen = new Set<string>()
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk.fileName)) return
          seen.add(chunk.fileName)
          for (const name of chunk.imports) visit(byName.get(name)!)
        }
        start.forEach(visit)
        return seen
      }
      const initial = closure(chunks.filter((chunk) => chunk.isEntry))
      /** The chunks a user type's dashboard (src/app/routes/<type>-dashboard.tsx) needs beyond the first load. */
      const dashboardOf = (type: 'student' | 'startup') => {
        const found = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/src/app/routes/${type}-dashboard.tsx`)))
        if (found.length !== 1) this.error(`boot: the ${type} dashboard (src/app/routes/${type}-dashboard.tsx) is not in one chunk`)
        return [...closure(found)].filter((name) => !initial.has(name)).map((name) => `/${name}`)
      }
      const dashboardChunks = { student: dashboardOf('student'), startup: dashboardOf('startup') }

      const source = bootScript({ dashboardChunks })
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`
      this.emitFile({ type: 'asset', fileName, source })
      const html = bundle['index.html']
      if (html?.type !== 'asset' || typeof html.source !== 'string') return this.error('boot: index.html is not in the bundle')
      // Before the entry's tags: a classic script blocks the parser (not the preload scanner, which
      // still fetches the entry and the stylesheet meanwhile), so it runs before anything renders.
      html.source = html.source.replace('</title>', `</title>\n    <script src="/${fileName}"></script>`)
    },
  }
}

/** Brotli (quality 11) and gzip (level 9) copies of `data` beside `file`, as .br and .gz. */
async function writeCompressed(file: string, data: Buffer) {
  await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
}

/**
 * Writes landing.html, the page the server sends for `/` (backend/httpapi/spa.go): index.html
 * with the landing page as a visitor's first render shows it (src/app/landing-html.tsx, run
 * through Vite's SSR loader) in #root, so the hero paints once the HTML and the stylesheet are in
 * instead of after the entry has run; the app's first render replaces it (issue 17, item 6). It
 * is `inert` (nothing in it answers a click or takes focus before the app does) and hidden when
 * the boot script found a stored session (src/index.css), whose screen differs.
 */
function landing(): Plugin {
  let outDir = 'dist'
  let root = '.'
  return {
    name: 'bridgework-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      root = config.root
    },
    // Once index.html is written (and only then: closeBundle runs after a failed build too).
    async writeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        plugins: [react()],
        resolve: { alias: { '@': join(root, 'src') } },
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      let rendered: string
      try {
        const module = (await server.ssrLoadModule('/src/app/landing-html.tsx')) as { renderLandingHtml: () => string }
        rendered = module.renderLandingHtml()
      } finally {
        await server.close()
      }
      // React puts the page's <title> and preloads it would hoist to <head> before the markup.
      const start = rendered.indexOf('<div')
      const title = /<title>[^<]*<\/title>/.exec(rendered.slice(0, start))?.[0]
      const index = await readFile(join(outDir, 'index.html'), 'utf8')
      if (!index.includes('<div id="root"></div>') || !title) throw new Error('landing: index.html has no empty #root, or the page no title')
      const html = index
        .replace(/<title>[^<]*<\/title>/, title)
        .replace('<div id="root"></div>', `<div id="root"><div data-prerendered inert>${rendered.slice(start)}</div></div>`)
      const file = join(outDir, 'landing.html')
      await writeFile(file, html)
      await writeCompressed(file, Buffer.from(html))
    },
  }
}

/** The form libraries: the forms' pages need them, the dashboards' first paint does not. */
const FORM_LIBRARIES = /node_modules[\\/](react-hook-form|zod|@hookform[\\/]resolvers)[\\/]/

/**
 * The app's modules that import a form library (found by reading src): those shared by two or
 * more pages go in the `forms` chunk with the libraries. In the `pages` chunk they would make
 * it import `forms`, and every page, the dashboards too, would load the forms before painting.
 */
function formModules(dir: string): Set<string> {
  const found = new Set<string>()
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.parentPath.includes('__tests__')) continue
    const file = resolve(entry.parentPath, entry.name)
    // `import type` is erased from the build: only imports that stay count.
    if (/^import (?!type )[^;]*? from '(react-hook-form|zod|@\/lib\/zod|@hookform\/[^']+)'/m.test(readFileSync(file, 'utf8'))) found.add(file)
  }
  return found
}
const formSources = formModules(fileURLToPath(new URL('./src', import.meta.url)))

// The Go server (port 8080) serves /api and the websocket at /api/ws. In development Vite
// proxies both. The Host header is left as the browser sent it (no changeOrigin) so that a
// websocket Origin check comparing Origin with Host accepts the dev server's origin.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), tailwindcss(), boot(), landing(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for error tooling but not linked from the bundles; the server never
    // serves them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Only the libraries the shell needs on every page are grouped; one group of every
        // node_module would put the forms', chat's and dashboards' libraries (react-hook-form,
        // zod, their icons) in the first load. Those go with the lazy pages that import them
        // (src/app/router.tsx), shared between pages where more than one uses them. Toasts (sonner)
        // and the socket (react-use-websocket) stay out too: the app loads them after its first
        // render (src/lib/notify.tsx, src/lib/realtime/realtime-provider.tsx).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand)[\\/]/,
              priority: 1,
            },
            // What the landing page runs stays in its own chunks (above and the entry)...
            { name: 'app', tags: ['$initial'], priority: 0.5 },
            // The forms (react-hook-form, zod and the app's modules using them) that two or more
            // lazy pages share: apart from `pages`, so a page without a form (the dashboards)
            // does not wait for them.
            // Their own dependencies (an input, a button) stay where they are: pulled in here they
            // would make `pages` import this chunk again.
            {
              name: 'forms',
              test: (id: string) => FORM_LIBRARIES.test(id) || formSources.has(id),
              minShareCount: 2,
              priority: 0.25,
              includeDependenciesRecursively: false,
            },
            // Each dashboard and everything it imports that the groups above did not take: one chunk
            // each, so a dashboard's first paint loads it and not the whole of `pages` (what other
            // pages share with it they import from here). The student's comes first: what both
            // dashboards use is in it, and the startup's chunk imports it.
            { name: 'student-dashboard', test: /src[\\/]app[\\/]routes[\\/]student-dashboard\.tsx$/, priority: 0.22 },
            { name: 'startup-dashboard', test: /src[\\/]app[\\/]routes[\\/]startup-dashboard\.tsx$/, priority: 0.2 },
            // ...and what two or more lazy pages share goes in one chunk beside them, not dozens of
            // tiny ones (an icon, a card): on a slow link each request costs a round trip.
            { name: 'pages', minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 30_000,
  },
})
