import { API_BASE_PATH } from '@/config/env'
import type { ApiErrorBody } from '@/types/api'
import { useAuthStore } from './auth-store'

/**
 * The one error type of every API call. `message` is the server's human text when it sent one;
 * `fields` maps request field names to validation texts (mapped onto form inputs).
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  /** False when the message is a client-side fallback (network failure, non-JSON answer). */
  readonly hasServerMessage: boolean

  constructor(options: {
    status: number
    code: string
    message: string
    fields?: Record<string, string>
    hasServerMessage?: boolean
  }) {
    super(options.message)
    this.name = 'ApiError'
    this.status = options.status
    this.code = options.code
    this.fields = options.fields ?? {}
    this.hasServerMessage = options.hasServerMessage ?? false
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The server's message when there is one, else the caller's fallback (spec: "else Login failed"). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage && error.message ? error.message : fallback
}

const codeByStatus: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'throttled',
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler = () => {}

/**
 * Called after a 401 on a call that carried a token (stored auth is already cleared by then).
 * The app registers a handler that clears the query cache and navigates to /login.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler
  return () => {
    if (onUnauthorized === handler) onUnauthorized = () => {}
  }
}

/**
 * The server ended this session (signed out elsewhere, a password change): clear stored auth and
 * leave through the app's unauthorized handler, as a refused token does.
 */
export function endSignedOutSession() {
  if (!useAuthStore.getState().token) return
  useAuthStore.getState().logout()
  onUnauthorized()
}

type Query = Record<string, string | number | boolean | undefined | null | string[]>

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  query?: Query
  headers?: Record<string, string>
  signal?: AbortSignal
  responseType?: 'json' | 'blob' | 'text'
  /**
   * On a 401 with a token: clear auth and go to /login (default). `false` clears auth but stays
   * on the page, for the start-up session check, which must not pull visitors off public pages.
   */
  redirectOnUnauthorized?: boolean
}

export function buildUrl(path: string, query?: Query): string {
  const base = typeof window !== 'undefined' ? window.location.origin : 'http://localhost'
  const url = new URL(`${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`, base)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(key, item))
    else url.searchParams.set(key, String(value))
  }
  return url.toString()
}

async function parseError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody & { error?: string } = {}
  try {
    const text = await response.text()
    body = text ? (JSON.parse(text) as typeof body) : {}
  } catch {
    body = {}
  }
  const serverMessage = typeof body.message === 'string' && body.message ? body.message
    : typeof body.error === 'string' && body.error ? body.error : ''
  return new ApiError({
    status: response.status,
    code: body.code ?? codeByStatus[response.status] ?? (response.status >= 500 ? 'internal' : 'error'),
    message: serverMessage || `Request failed (${response.status})`,
    fields: body.fields && typeof body.fields === 'object' ? body.fields : {},
    hasServerMessage: Boolean(serverMessage),
  })
}

/** fetch wrapper for `/api`: JSON in and out, bearer token from the auth store, no cookies. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, responseType = 'json', redirectOnUnauthorized = true } = options
  const token = useAuthStore.getState().token
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal,
      // The only cookie is bw_device (HttpOnly, Path /api/login): sending it lets a device that
      // signed in before through an attacker's lockout of the account. Auth itself is the bearer token.
      credentials: 'same-origin',
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError({ status: 0, code: 'network', message: 'Network error. Check your connection.' })
  }

  if (!response.ok) {
    const error = await parseError(response)
    // Only a rejected token ends the session; a 401 on login itself is just wrong credentials.
    if (response.status === 401 && token && useAuthStore.getState().token === token) {
      useAuthStore.getState().logout()
      if (redirectOnUnauthorized) onUnauthorized()
    }
    throw error
  }

  if (response.status === 204) return undefined as T
  if (responseType === 'blob') return (await response.blob()) as T
  const text = await response.text()
  if (responseType === 'text') return text as T
  if (!text) return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError({ status: response.status, code: 'bad_response', message: 'Unexpected response from the server.' })
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
