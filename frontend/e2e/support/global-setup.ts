import { access, constants, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { BASE_URL, CHROMIUM_PATH, SMTP_PORT } from './env'
import { startSmtpSink } from './smtp-sink'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the SMTP sink keeps the mails the server sent ("" when there is no sink). */
    mailDir: string
  }
}

/**
 * Fails fast, with a clear message, when the server or the browser is missing. When E2E_SMTP_PORT
 * is set (the server under test mails to it: SMTP_ADDR), listens there with a small SMTP sink, so
 * journeys can open the links the server mails.
 */
export default async function globalSetup(project: TestProject) {
  try {
    await access(CHROMIUM_PATH, constants.X_OK)
  } catch {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`)
  }

  let teardown = async () => {}
  project.provide('mailDir', '')
  if (SMTP_PORT) {
    const dir = await mkdtemp(join(tmpdir(), 'bridgework-e2e-mail-'))
    const sink = await startSmtpSink(SMTP_PORT, dir)
    project.provide('mailDir', dir)
    teardown = async () => {
      await new Promise((resolve) => sink.close(resolve))
      await rm(dir, { recursive: true, force: true })
    }
  }

  const deadline = Date.now() + 60_000
  let lastError = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE_URL}/healthz`)
      const index = await fetch(`${BASE_URL}/`)
      const html = await index.text()
      if (response.ok && index.ok && html.includes('id="root"')) return teardown
      lastError = `healthz ${response.status}, / ${index.status}${index.ok ? ' (no SPA: build the frontend first)' : ''}`
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await teardown()
  throw new Error(
    `No Bridgework server with the built SPA at ${BASE_URL} (${lastError}). ` +
      'Build the frontend (npm run build) and start the server (STATIC_DIR=frontend/dist), or set E2E_BASE_URL.',
  )
}
