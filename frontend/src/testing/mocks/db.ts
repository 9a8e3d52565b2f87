import type { User } from '@/types/api'
import { createUser } from '../data-generators'

/** The mock API's state: accounts (with passwords), issued tokens and help requests. */
type Account = { user: User; password: string }

export const db = {
  accounts: new Map<string, Account>(),
  tokens: new Map<string, string>(),
  helpRequests: [] as Array<{ phone: string; email: string }>,
  adminBootstrapped: false,
}

export function resetDb() {
  db.accounts.clear()
  db.tokens.clear()
  db.helpRequests = []
  db.adminBootstrapped = false
}

export function addAccount(user: User, password = 'secret123'): User {
  db.accounts.set(user.email.toLowerCase(), { user, password })
  return user
}

/** A token the mock /api/me accepts for this user. */
export function issueToken(user: User): string {
  const token = `token-${user._id}`
  db.tokens.set(token, user.email.toLowerCase())
  return token
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
