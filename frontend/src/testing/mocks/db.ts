import type { User } from '@/types/api'
import { createUser } from '../data-generators'

/** The mock API's state: accounts (with passwords), issued tokens and help requests. */
type Account = { user: User; password: string }

export const db = {
  accounts: new Map<string, Account>(),
  tokens: new Map<string, string>(),
  devices: new Map<string, string>(),
  helpRequests: [] as Array<{ phone: string; email: string; topic?: string; message?: string }>,
  /** Mailed company verification links by token: who asked, where it went, for which domain. */
  verifications: new Map<string, { userId: string; email: string; domain: string }>(),
  adminBootstrapped: false,
}

export function resetDb() {
  db.accounts.clear()
  db.tokens.clear()
  db.devices.clear()
  db.helpRequests = []
  db.verifications.clear()
  db.adminBootstrapped = false
}

/** The key of an account: its own email, which an account always has (only views of others leave it out). */
function accountKey(user: User): string {
  return (user.email ?? '').toLowerCase()
}

export function addAccount(user: User, password = 'secret123'): User {
  db.accounts.set(accountKey(user), { user, password })
  return user
}

/** Replaces an account's user, keeping its password. */
export function saveUser(user: User): User {
  const key = accountKey(user)
  db.accounts.set(key, { ...db.accounts.get(key)!, user })
  return user
}

/** A token the mock /api/me accepts for this user; `device` names a further session of theirs. */
export function issueToken(user: User, device?: string): string {
  const token = device ? `token-${user._id}-${device.replace(/\W+/g, '-')}` : `token-${user._id}`
  db.tokens.set(token, accountKey(user))
  db.devices.set(token, device ?? 'Chrome on Linux')
  return token
}

/** The user's sessions as GET /api/sessions lists them: one per token (the token is the id). */
export function sessionsOf(user: User, currentToken: string) {
  return [...db.tokens.entries()]
    .filter(([, email]) => email === accountKey(user))
    .map(([token]) => ({
      _id: token,
      device: db.devices.get(token) ?? 'Unknown device',
      ip: '203.0.113.7',
      createdAt: '2026-11-20T09:00:00Z',
      lastSeenAt: token === currentToken ? new Date().toISOString() : '2026-11-20T09:30:00Z',
      current: token === currentToken,
    }))
}

export function userForToken(token: string | null): User | null {
  if (!token) return null
  const email = db.tokens.get(token)
  return email ? (db.accounts.get(email)?.user ?? null) : null
}

export function seedAccount(overrides: Parameters<typeof createUser>[0] = {}, password?: string) {
  const user = addAccount(createUser(overrides), password)
  return { user, token: issueToken(user) }
}
