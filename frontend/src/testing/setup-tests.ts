import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { resetDb } from './mocks/db'
import { server } from './mocks/server'

// findBy… and waitFor return as soon as the element appears; the ceiling only matters on a busy
// machine (2 cores shared with the Go suite in CI), where the default 1 s made tests flaky.
configure({ asyncUtilTimeout: 5000 })

// jsdom lacks these; sonner and responsive code may ask for them.
if (!window.matchMedia) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }))
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

afterEach(() => {
  cleanup()
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss()
  server.resetHandlers()
  resetDb()
  useAuthStore.getState().logout()
  localStorage.clear()
  sessionStorage.clear()
})

afterAll(() => server.close())
