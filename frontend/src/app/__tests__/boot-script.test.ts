import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bootScript, EARLY_REQUESTS } from '../../../scripts/boot-script.mjs'
import { useAuthStore } from '@/lib/auth-store'
import { seedAccount } from '@/testing/mocks/db'
import { renderApp } from '@/testing/test-utils'
import type { UserType } from '@/types/api'

const CHUNKS = { student: ['/assets/student-dashboard-abc.js'], startup: ['/assets/startup-dashboard-def.js', '/assets/student-dashboard-abc.js'] }

/** Runs the built script's source as the browser would, at `path`. */
function runBoot(path: string) {
  window.history.replaceState(null, '', path)
  new Function(bootScript({ dashboardChunks: CHUNKS }))()
}

function signIn(userType: UserType, remember = true) {
  const { user, token } = seedAccount({ userType })
  useAuthStore.getState().login({ token, user }, { remember })
  return token
}

// The boot script's work is <link rel="modulepreload"> in <head>, which no query reaches.
/* eslint-disable testing-library/no-node-access */
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))

afterEach(() => {
  document.documentElement.removeAttribute('data-session')
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove())
  /* eslint-enable testing-library/no-node-access */
  delete window.__bwEarly
  window.history.replaceState(null, '', '/')
})

describe('the boot script', () => {
  it('asks for nothing for a visitor, and leaves the landing page’s HTML shown', () => {
    const fetch = vi.spyOn(window, 'fetch')
    runBoot('/dashboard')
    runBoot('/')
    expect(fetch).not.toHaveBeenCalled()
    expect(window.__bwEarly).toBeUndefined()
    expect(preloads()).toEqual([])
    expect(document.documentElement).not.toHaveAttribute('data-session')
  })

  it('marks a stored session on <html>, which hides the visitor’s landing page in the HTML of /', () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'))
    signIn('student', false)
    runBoot('/')
    expect(document.documentElement).toHaveAttribute('data-session')
  })

  it('marks a stored user without a token as a session too (the app shows it signed in), and asks nothing', () => {
    const fetch = vi.spyOn(window, 'fetch')
    localStorage.setItem('auth', JSON.stringify({ token: null, user: { _id: 'u1', userType: 'student' } }))
    runBoot('/dashboard')
    expect(document.documentElement).toHaveAttribute('data-session')
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['student', '/dashboard'],
    ['student', '/student/dashboard/'],
    ['startup', '/dashboard'],
    ['startup', '/startup/dashboard'],
  ] as const)('on a dashboard a %s’s session check, dashboard and ratings start with the page’s chunks (%s)', (userType, path) => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'))
    const token = signIn(userType, userType === 'student')
    runBoot(path)
    const urls = [...EARLY_REQUESTS.session, ...EARLY_REQUESTS.dashboard[userType]]
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(urls)
    for (const [, init] of fetch.mock.calls) expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`)
    expect(Object.keys(window.__bwEarly!.responses)).toEqual(urls)
    expect(window.__bwEarly!.token).toBe(token)
    expect(preloads()).toEqual(CHUNKS[userType])
  })

  it.each([
    ['student', '/tasks'],
    ['student', '/startup/dashboard'],
    ['startup', '/student/dashboard'],
    ['admin', '/dashboard'],
  ] as const)('elsewhere a %s’s session check only (%s)', (userType, path) => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'))
    signIn(userType)
    runBoot(path)
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(EARLY_REQUESTS.session)
    expect(preloads()).toEqual([])
  })

  it('ignores a stored record it cannot read', () => {
    const fetch = vi.spyOn(window, 'fetch')
    localStorage.setItem('auth', '{not json')
    runBoot('/dashboard')
    expect(fetch).not.toHaveBeenCalled()
    expect(document.documentElement).not.toHaveAttribute('data-session')
  })

  it.each(['student', 'startup'] as const)('the app takes the %s dashboard’s early answers instead of asking again', async (userType) => {
    const token = signIn(userType)
    runBoot('/dashboard')
    const early = window.__bwEarly!
    const urls = Object.keys(early.responses)
    await renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    // Each was asked for by the app with the same URL and token, so each was taken (once).
    expect(urls).toEqual([...EARLY_REQUESTS.session, ...EARLY_REQUESTS.dashboard[userType]])
    expect(early.token).toBe(token)
    expect(early.responses).toEqual({})
  })
})
