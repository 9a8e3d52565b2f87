import { describe, expect, it } from 'vitest'
import { afterSignIn, loginPath, safeNextPath, withNext } from '../return-to'

describe('safeNextPath', () => {
  it.each([
    ['/tasks/42', '/tasks/42'],
    ['/startup/submissions', '/startup/submissions'],
    ['/tasks?search=logo&sort=pay', '/tasks?search=logo&sort=pay'],
    ['/tasks/42?revise=7#your-work', '/tasks/42?revise=7#your-work'],
    ['/chat/0193a000-0000-7000-8000-000000000001', '/chat/0193a000-0000-7000-8000-000000000001'],
    // An encoded slash stays a character of the path: it never becomes a second "/".
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    // Dot segments resolve inside this origin.
    ['/tasks/../dashboard', '/dashboard'],
  ])('keeps the in-app path %s', (raw, want) => {
    expect(safeNextPath(raw)).toBe(want)
  })

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['a protocol-relative URL', '//evil.com'],
    ['a protocol-relative URL with a path', '//evil.com/tasks/42'],
    ['a backslash host', '/\\evil.com'],
    ['a backslash later', '/tasks\\..\\..\\evil.com'],
    ['an absolute URL', 'https://evil.com'],
    ['an absolute URL of this site', `${window.location.origin}/tasks/42`],
    ['javascript:', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'tasks/42'],
    ['an encoded second slash, decoded once by the URL', '%2F%2Fevil.com'],
    ['a tab hiding a second slash', '/\t/evil.com'],
    ['a newline', '/tasks\n/42'],
    ['a NUL', '/tasks\u0000'],
    ['a DEL', '/tasks\u007f'],
    ['the sign-in page', '/login?next=/tasks/42'],
    ['the register page', '/register'],
    ['the reset page', '/reset-password?token=x'],
    ['an overlong path', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_, raw) => {
    expect(safeNextPath(raw)).toBeNull()
  })
})

describe('afterSignIn', () => {
  it('goes to a safe next', () => {
    expect(afterSignIn(new URLSearchParams('next=%2Ftasks%2F42%3Frevise%3D7'))).toBe('/tasks/42?revise=7')
  })

  it.each(['', 'next=', 'next=%2F%2Fevil.com', 'next=https%3A%2F%2Fevil.com', 'next=%2F%5Cevil.com', 'next=javascript%3Aalert(1)'])(
    'falls back to the dashboard for ?%s',
    (search) => {
      expect(afterSignIn(new URLSearchParams(search))).toBe('/dashboard')
    },
  )
})

describe('loginPath and withNext', () => {
  it('carry a safe next, encoded', () => {
    expect(loginPath('/tasks/42?revise=7')).toBe('/login?next=%2Ftasks%2F42%3Frevise%3D7')
    expect(withNext('/register?type=startup', '/startup/submissions')).toBe('/register?type=startup&next=%2Fstartup%2Fsubmissions')
  })

  it('drop an unsafe or missing next', () => {
    expect(loginPath('//evil.com')).toBe('/login')
    expect(loginPath(null)).toBe('/login')
    expect(withNext('/register', 'https://evil.com')).toBe('/register')
  })
})
