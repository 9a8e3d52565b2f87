import { create } from 'zustand'
import type { User } from '@/types/api'

/**
 * The signed-in session. Persisted as `{token, user}` under the key `auth`: in localStorage when
 * "remember me" is checked (the session outlives the browser), in sessionStorage otherwise (it
 * ends with the tab). Only one of the two holds a record at a time.
 */
export const AUTH_STORAGE_KEY = 'auth'

type StoredAuth = { token: string | null; user: User | null }

export type AuthState = StoredAuth & {
  /** Where the record lives; `local` for remember-me and for registrations. */
  persistence: 'local' | 'session'
  login: (auth: { token: string; user: User }, options?: { remember?: boolean }) => void
  logout: () => void
  setUser: (user: User) => void
}

function readStorage(storage: Storage | undefined): StoredAuth | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<StoredAuth> | null
    if (!parsed || typeof parsed !== 'object') return null
    const token = typeof parsed.token === 'string' && parsed.token ? parsed.token : null
    const user = parsed.user && typeof parsed.user === 'object' ? (parsed.user as User) : null
    if (!token && !user) return null
    return { token, user }
  } catch {
    return null
  }
}

function safeLocal(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

function safeSession(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

function write(storage: Storage | undefined, value: StoredAuth | null) {
  if (!storage) return
  try {
    if (value) storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value))
    else storage.removeItem(AUTH_STORAGE_KEY)
  } catch {
    // Storage full or blocked (private mode): the session still works in memory.
  }
}

/** Reads the persisted record, preferring localStorage (remember-me) over sessionStorage. */
export function loadStoredAuth(): StoredAuth & { persistence: 'local' | 'session' } {
  const local = readStorage(safeLocal())
  if (local) return { ...local, persistence: 'local' }
  const session = readStorage(safeSession())
  if (session) return { ...session, persistence: 'session' }
  return { token: null, user: null, persistence: 'local' }
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...loadStoredAuth(),
  login: ({ token, user }, options) => {
    const remember = options?.remember ?? true
    const record = { token, user }
    write(remember ? safeLocal() : safeSession(), record)
    write(remember ? safeSession() : safeLocal(), null)
    set({ token, user, persistence: remember ? 'local' : 'session' })
  },
  logout: () => {
    write(safeLocal(), null)
    write(safeSession(), null)
    set({ token: null, user: null })
  },
  setUser: (user) => {
    const { token, persistence } = get()
    write(persistence === 'local' ? safeLocal() : safeSession(), { token, user })
    set({ user })
  },
}))

/** Spec §4: a user counts as authenticated if a token or a user exists. */
export function isAuthenticated(state: Pick<AuthState, 'token' | 'user'>): boolean {
  return Boolean(state.token || state.user)
}

export const useIsAuthenticated = () => useAuthStore(isAuthenticated)
export const useCurrentUser = () => useAuthStore((state) => state.user)

/**
 * Keeps tabs in step: signing out (or in) in one tab is seen by the others that share
 * localStorage. Returns the unsubscribe function.
 */
export function syncAuthAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => {}
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY || event.storageArea !== safeLocal()) return
    const next = readStorage(safeLocal())
    const current = useAuthStore.getState()
    if (next) {
      useAuthStore.setState({ ...next, persistence: 'local' })
    } else if (current.persistence === 'local') {
      useAuthStore.setState({ token: null, user: null })
    }
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}
