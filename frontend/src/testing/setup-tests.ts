import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { resetDb } from './mocks/db'
import { server } from './mocks/server'

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
