// Measures Largest Contentful Paint of the landing page and both dashboards in headless Chromium
// with a 4× CPU throttle and Lighthouse's "Fast 3G" network (issue 17, item 6). Each run is a
// cold load (cache disabled), as a first visit is. Not a test: timings vary with the machine.
// Run by scripts/lcp.sh: LCP_BASE_URL=http://localhost:PORT node scripts/lcp.mjs [runs]
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const BASE_URL = process.env.LCP_BASE_URL ?? 'http://localhost:8080'
const RUNS = Number(process.argv[2] ?? 3)
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
// Chrome devtools' and Lighthouse's "Fast 3G": 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 }
// After the load event the page may still paint (queries answer, fonts arrive); LCP is final
// once nothing larger paints, so wait this long before reading it.
const SETTLE_MS = 4000

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'student-dashboard', path: '/dashboard', email: 'student@demo.bridgework.app' },
  { name: 'startup-dashboard', path: '/dashboard', email: 'startup@demo.bridgework.app' },
]

async function signIn(page, email) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
}

/** The last largest-contentful-paint entry of the page, in ms from navigation start. */
function readLcp(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = null
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry
        })
        observer.observe({ type: 'largest-contentful-paint', buffered: true })
        // Buffered entries are delivered in a task after observe(); read after it.
        setTimeout(() => {
          observer.disconnect()
          // Which element it is (tag and the start of its text) tells what the page waited for.
          // An element no longer in the page was painted and then replaced: the landing page's
          // hero from the HTML of / (vite.config.ts), which the app renders over.
          const text = (last?.element?.textContent ?? '').trim().slice(0, 40)
          const element = last?.element ? `${last.element.tagName} "${text}"` : "(replaced since: the HTML's own)"
          resolve(last ? { ms: last.startTime, element: `${element} size=${last.size}` } : null)
        }, 100)
      }),
  )
}

async function measure({ name, path, email }) {
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const profileDir = await mkdtemp(join(tmpdir(), 'bridgework-lcp-'))
    const context = await chromium.launchPersistentContext(profileDir, {
      headless: true,
      executablePath: CHROMIUM_PATH,
      args: ARGS,
      baseURL: BASE_URL,
      viewport: { width: 1366, height: 768 },
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      // Signing in is not measured: it runs at full speed, the dashboard's load is throttled.
      if (email) await signIn(page, email)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', FAST_3G)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto(path, { waitUntil: 'load', timeout: 120_000 })
      await page.waitForTimeout(SETTLE_MS)
      const lcp = await readLcp(page)
      if (!lcp) throw new Error(`${name}: no largest-contentful-paint entry`)
      runs.push(Math.round(lcp.ms))
      console.log(`run ${name} #${i + 1} lcp=${Math.round(lcp.ms)}ms element=${lcp.element}`)
    } finally {
      await context.close()
      await rm(profileDir, { recursive: true, force: true })
    }
  }
  const sorted = [...runs].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  console.log(`lcp ${name} median=${median}ms runs=${runs.join(',')}`)
}

for (const p of PAGES) await measure(p)
