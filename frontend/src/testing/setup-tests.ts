import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { dropWaitingToasts } from '@/lib/notify'
import { resetChatDb } from './mocks/chat'
import { resetDb } from './mocks/db'
import { resetMatching } from './mocks/matching'
import { resetPayments } from './mocks/payments'
import { server } from './mocks/server'
import { resetSettingsMock } from './mocks/settings'

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
// sonner captures the pointer when a toast is pressed (swipe to dismiss), e.g. clicking its action.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {}
  Element.prototype.releasePointerCapture = () => {}
  Element.prototype.hasPointerCapture = () => false
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

afterEach(() => {
  cleanup()
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster; the
  // facade keeps those fired with no Toaster mounted for the next one.
  toast.dismiss()
  dropWaitingToasts()
  server.resetHandlers()
  resetDb()
  resetChatDb()
  resetSettingsMock()
  resetPayments()
  resetMatching()
  useAuthStore.getState().logout()
  localStorage.clear()
  sessionStorage.clear()
})

afterAll(() => server.close())
