import { defineConfig } from 'vitest/config'

// End-to-end journeys: a real Chromium (playwright-core, /usr/bin/chromium) against a running
// server at E2E_BASE_URL (default http://localhost:8080) that serves the built SPA and /api.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser at a time: files run one after another, tests in a file in order.
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    retry: 0,
  },
})
