/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
    async closeBundle() {
      const assets = join(outDir, 'assets')
      for (const name of await readdir(assets)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue
        const file = join(assets, name)
        const data = await readFile(file)
        if (data.length < 1024) continue // below a packet, compression saves nothing
        await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

// The Go server (port 8080) serves /api and the websocket at /api/ws. In development Vite
// proxies both. The Host header is left as the browser sent it (no changeOrigin) so that a
// websocket Origin check comparing Origin with Host accepts the dev server's origin.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
        // (src/app/router.tsx), shared between pages where more than one uses them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand|sonner|react-use-websocket)[\\/]/,
              priority: 1,
            },
            // What the landing page runs stays in its own chunks (above and the entry)...
            { name: 'app', tags: ['$initial'], priority: 0.5 },
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
