import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { BASE_URL, CHROMIUM_PATH } from './env'

export { BASE_URL, CHROMIUM_PATH }

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type Browser = {
  context: BrowserContext
  /** A new tab at BASE_URL with empty storage. */
  newPage: () => Promise<Page>
  close: () => Promise<void>
}

/**
 * Starts headless Chromium with a fresh profile in a temporary directory (removed on close).
 * Each call is an independent browser: two calls make two users with separate storage. Pages
 * open at BASE_URL unless options.baseURL names another server (the cluster journey's nginx).
 */
export async function launchBrowser(options: { baseURL?: string; viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'bridgework-e2e-'))
  const context = await chromium.launchPersistentContext(profileDir, {
    headless: true,
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: options.baseURL ?? BASE_URL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)

  return {
    context,
    newPage: async () => {
      const page = await context.newPage()
      // Clear the origin's storage from a page that is not the SPA, so no running app writes
      // its session back afterwards. (The profile is shared by every page of this browser.)
      await page.goto('/healthz')
      await page.evaluate(() => {
        localStorage.clear()
        sessionStorage.clear()
      })
      return page
    },
    close: async () => {
      await context.close().catch(() => undefined)
      await rm(profileDir, { recursive: true, force: true })
    },
  }
}

/** The path part of the page's URL, e.g. "/dashboard". */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

/** Waits until the SPA has routed to `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' })
  // The address changes as a navigation starts; the page shows once its chunk is in, and until
  // then the previous one stays (src/components/layouts/main-layout.tsx).
  await page.locator(`main[data-path="${path}"]`).waitFor({ state: 'attached', timeout })
}

/** The text of the elements an input's aria-describedby points at (its error or hint). */
export async function descriptionOf(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  )
}

/** Saves a screenshot under e2e-artifacts/ (kept out of git) for a failed journey. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = join(process.cwd(), 'e2e-artifacts')
  await mkdir(dir, { recursive: true })
  const file = join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`)
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
  return file
}

/**
 * The usual lifecycle of a journey file: one browser for the file, a fresh page per test, and a
 * screenshot in e2e-artifacts/ when a test fails. Returns a function giving the current test's page.
 */
export function usePagePerTest(name: string): () => Page {
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    page = await browser.newPage()
  })
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' || task.result?.errors?.length) await saveScreenshot(page, `${name}-${task.name}`)
    await page?.close()
  })
  return () => page
}

/**
 * For journeys with several people: returns a function that opens a page in a browser of its
 * own (so each person has their own storage); every browser is closed after the file.
 */
export function usePagesOfTheirOwn(): () => Promise<Page> {
  const browsers: Browser[] = []
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()))
  })
  return async () => {
    const browser = await launchBrowser()
    browsers.push(browser)
    return browser.newPage()
  }
}
