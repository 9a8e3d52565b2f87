import { API_BASE_PATH } from '@/config/env'
import type { ApiErrorBody } from '@/types/api'
import { useAuthStore } from './auth-store'
import { takeEarlyResponse } from './early-requests'

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

  constructor(options: { status: number; code: string; message: string; fields?: Record<string, string>; hasServerMessage?: boolean }) {
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
  /** A plain object is sent as JSON; FormData as multipart; a Blob (a File) as it is. */
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
  const serverMessage =
    typeof body.message === 'string' && body.message ? body.message : typeof body.error === 'string' && body.error ? body.error : ''
  return new ApiError({
    status: response.status,
    code: body.code ?? codeByStatus[response.status] ?? (response.status >= 500 ? 'internal' : 'error'),
    message: serverMessage || `Request failed (${response.status})`,
    fields: body.fields && typeof body.fields === 'object' ? body.fields : {},
    hasServerMessage: Boolean(serverMessage),
  })
}

/**
 * Sends one call to `/api` with the bearer token from the auth store and no cookies, and returns
 * the answer when it is 2xx; anything else becomes an ApiError (a 401 on a token ends the session).
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, query, signal, redirectOnUnauthorized = true } = options
  const token = useAuthStore.getState().token
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body instanceof Blob) {
    headers['Content-Type'] = body.type || 'application/octet-stream'
    payload = body
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  if (token) headers.Authorization = `Bearer ${token}`

  const url = new URL(buildUrl(path, query))
  // The boot script may have sent this very request before the app had loaded (a plain GET).
  const early = method === 'GET' && !payload && !options.headers ? takeEarlyResponse(url.pathname + url.search, token) : undefined
  let response: Response
  try {
    response = await (early ??
      fetch(url.toString(), {
        method,
        headers,
        body: payload,
        signal,
        // The only cookie is bw_device (HttpOnly, Path /api/login): sending it lets a device that
        // signed in before through an attacker's lockout of the account. Auth itself is the bearer token.
        credentials: 'same-origin',
      }))
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
  return response
}

const badResponse = (status: number) => new ApiError({ status, code: 'bad_response', message: 'Unexpected response from the server.' })

/** fetch wrapper for `/api`: JSON in and out, bearer token from the auth store, no cookies. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options)
  if (response.status === 204) return undefined as T
  if (options.responseType === 'blob') return (await response.blob()) as T
  const text = await response.text()
  if (options.responseType === 'text') return text as T
  if (!text) return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw badResponse(response.status)
  }
}

/**
 * One page of a list. Every list answers a bare array; where the rest of the list is comes in the
 * `Link` and `X-Total-Count` headers (docs/api-contract.md, "Lists and paging").
 */
export type Paged<T> = {
  items: T[]
  /** The page asked for. */
  page: number
  /** How many items a page holds: the size asked for. */
  perPage: number
  /** The list's length; unknown where the server does not count it all (the open market). */
  total?: number
  /** The page of rel="last"; unknown when the total is. */
  totalPages?: number
  hasNext: boolean
  hasPrev: boolean
}

/** The largest page the server serves, and its size when a request names none. */
export const MAX_PER_PAGE = 100

export type PageLinks = { first?: string; prev?: string; next?: string; last?: string }

const pageRels = new Set<string>(['first', 'prev', 'next', 'last'])

/**
 * The URLs of a Link header by relation: `</api/tasks?page=2&per_page=12>; rel="next", …` gives
 * `{next: '/api/tasks?page=2&per_page=12'}`. Relations other than the four of paging are left out.
 */
export function parseLinkHeader(header: string | null): PageLinks {
  const links: PageLinks = {}
  for (const [, url, params] of (header ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? '')
    for (const name of (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/)) {
      if (pageRels.has(name)) links[name as keyof PageLinks] ??= url
    }
  }
  return links
}

/** The `page` query parameter of a link, when it is a page number. */
function pageOf(link: string | undefined): number | undefined {
  if (!link) return undefined
  const page = Number(new URL(link, 'http://localhost').searchParams.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : undefined
}

export type PageRequestOptions = Omit<RequestOptions, 'method' | 'body' | 'responseType'> & {
  /** Sent as ?page=; a cursor-paged list (a chat thread) names none. */
  page?: number
  /** Sent as ?per_page=: the screen asks for the size it shows. */
  perPage?: number
}

/** GET of one page of a list: the array and what the paging headers say of the rest. */
export async function getPage<T>(path: string, { page, perPage, query, ...options }: PageRequestOptions = {}): Promise<Paged<T>> {
  const response = await send(path, { ...options, method: 'GET', query: { ...query, page, per_page: perPage } })
  let items: unknown
  try {
    items = JSON.parse(await response.text())
  } catch {
    throw badResponse(response.status)
  }
  if (!Array.isArray(items)) throw badResponse(response.status)
  const links = parseLinkHeader(response.headers.get('Link'))
  const count = response.headers.get('X-Total-Count')
  return {
    items: items as T[],
    page: page ?? 1,
    perPage: perPage ?? MAX_PER_PAGE,
    total: count !== null && /^\d+$/.test(count.trim()) ? Number(count) : undefined,
    totalPages: pageOf(links.last),
    hasNext: links.next !== undefined,
    hasPrev: links.prev !== undefined,
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  getPage,
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
