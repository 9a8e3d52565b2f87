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

/**
 * Calls the API as the holder of token (path with its /api prefix) and returns the JSON answer;
 * an answer that is not 2xx throws with its body. baseUrl names another server (the cluster's).
 */
export async function apiCall<T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  baseUrl = BASE_URL,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`)
  return response.json() as Promise<T>
}
