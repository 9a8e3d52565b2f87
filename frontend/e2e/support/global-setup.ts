import { access, constants } from 'node:fs/promises'
import { BASE_URL, CHROMIUM_PATH } from './env'

/** Fails fast, with a clear message, when the server or the browser is missing. */
export default async function globalSetup() {
  try {
    await access(CHROMIUM_PATH, constants.X_OK)
  } catch {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`)
  }

  const deadline = Date.now() + 60_000
  let lastError = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE_URL}/healthz`)
      const index = await fetch(`${BASE_URL}/`)
      const html = await index.text()
      if (response.ok && index.ok && html.includes('id="root"')) return
      lastError = `healthz ${response.status}, / ${index.status}${index.ok ? ' (no SPA: build the frontend first)' : ''}`
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(
    `No Bridgework server with the built SPA at ${BASE_URL} (${lastError}). ` +
      'Build the frontend (npm run build) and start the server (STATIC_DIR=frontend/dist), or set E2E_BASE_URL.',
  )
}
