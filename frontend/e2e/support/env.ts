/** Where the server under test listens (it serves the SPA and /api). */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '')

/** Debian's Chromium; playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The admin the server under test was started with (scripts/test.sh sets both). */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@bridgework.local'
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? ''

/** A demo account that ./scripts/run.sh loads on first start (backend/demo). */
export const DEMO_STUDENT = { email: 'student@demo.bridgework.app', password: 'demo1234' }

/** The port of the SMTP sink the server under test mails to (SMTP_ADDR); unset: no sink. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT) || 0
