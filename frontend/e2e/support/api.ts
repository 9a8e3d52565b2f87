import { randomUUID } from 'node:crypto'
import { BASE_URL } from './env'

/** An address no earlier run used, so journeys can register again and again. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.com`
}

type RegisterBody = {
  userType: 'student' | 'startup'
  email: string
  password: string
  firstName?: string
  lastName?: string
  companyName?: string
}

/** Creates an account straight through the API, for journeys that start signed out with one. */
export async function registerViaApi(body: RegisterBody): Promise<{ token: string; user: { _id: string; email: string } }> {
  const response = await fetch(`${BASE_URL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...body, confirmPassword: body.password }),
  })
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`register ${body.email}: HTTP ${response.status} ${await response.text()}`)
  }
  return response.json() as Promise<{ token: string; user: { _id: string; email: string } }>
}
