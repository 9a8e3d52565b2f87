import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { AUTH_STORAGE_KEY, isAuthenticated, loadStoredAuth, useAuthStore } from '../auth-store'

const stored = (storage: Storage) => JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null')

describe('auth store', () => {
  it('keeps a remembered session as {token, user} in localStorage under "auth"', () => {
    const user = createUser()
    useAuthStore.getState().login({ token: 't1', user }, { remember: true })
    expect(stored(localStorage)).toEqual({ token: 't1', user })
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    expect(useAuthStore.getState()).toMatchObject({ token: 't1', user })
  })

  it('keeps a session that is not remembered in sessionStorage under "auth"', () => {
    const user = createUser()
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'old', user }))
    useAuthStore.getState().login({ token: 't2', user }, { remember: false })
    expect(stored(sessionStorage)).toEqual({ token: 't2', user })
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it('setUser updates the record where it lives', () => {
    const user = createUser({ firstName: 'Before' })
    useAuthStore.getState().login({ token: 't3', user }, { remember: false })
    useAuthStore.getState().setUser({ ...user, firstName: 'After' })
    expect(stored(sessionStorage).user.firstName).toBe('After')
    expect(stored(sessionStorage).token).toBe('t3')
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it('logout clears both storages', () => {
    useAuthStore.getState().login({ token: 't4', user: createUser() })
    sessionStorage.setItem(AUTH_STORAGE_KEY, '{"token":"x"}')
    useAuthStore.getState().logout()
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null })
  })

  it('reads a stored record back, localStorage first, and ignores garbage', () => {
    const user = createUser()
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'session', user }))
    expect(loadStoredAuth()).toMatchObject({ token: 'session', persistence: 'session' })
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'local', user }))
    expect(loadStoredAuth()).toMatchObject({ token: 'local', persistence: 'local' })
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json')
    sessionStorage.clear()
    expect(loadStoredAuth()).toMatchObject({ token: null, user: null })
  })

  it('counts a user as authenticated if a token or a user exists', () => {
    expect(isAuthenticated({ token: 't', user: null })).toBe(true)
    expect(isAuthenticated({ token: null, user: createUser() })).toBe(true)
    expect(isAuthenticated({ token: null, user: null })).toBe(false)
  })
})
