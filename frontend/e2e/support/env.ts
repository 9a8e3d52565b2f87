/** Where the server under test listens (it serves the SPA and /api). */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '')

/** Debian's Chromium; playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
