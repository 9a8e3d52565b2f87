import { describe, expect, it } from 'vitest'
import { registerViaApi, uniqueEmail } from './support/api'
import { usePagePerTest } from './support/browser'
import { BASE_URL } from './support/env'
import { signInViaUi, signOutViaUi } from './support/session'

const currentPage = usePagePerTest('device-signin')

/** A sign-in from outside the browser: no cookies, like an attacker's script. */
async function signInFromScript(email: string, password: string): Promise<number> {
  const response = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  return response.status
}

describe('sign-in throttling', () => {
  it('a user signs in on a known device while someone hammers the account', async () => {
    const page = currentPage()
    const email = uniqueEmail('hammered')
    await registerViaApi({ userType: 'student', email, password: 'secret123', firstName: 'Hana', lastName: 'Known' })

    // The first sign-in in this browser leaves the HttpOnly device cookie, scoped to /api/login.
    await signInViaUi(page, email, 'secret123')
    const cookies = await page.context().cookies(`${BASE_URL}/api/login`)
    expect(cookies.find((c) => c.name === 'bw_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' })
    await signOutViaUi(page)

    // Someone else guesses the password until the account refuses them, right password included.
    const answers: number[] = []
    for (let i = 0; i < 8; i++) answers.push(await signInFromScript(email, `guess-${i}`))
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(answers.slice(5)).toEqual([429, 429, 429])
    expect(await signInFromScript(email, 'secret123')).toBe(429)

    // The owner's browser, which signed in before, still gets in.
    await signInViaUi(page, email, 'secret123')
    await page.getByRole('heading', { name: 'Student dashboard' }).waitFor()
  })
})
