import { paths } from '@/config/paths'

/**
 * Where a visitor goes back to after signing in: the page a guard, a mailed link or "Sign in to
 * submit your work" sent them from, carried in the URL as `/login?next=/tasks/42` so that it
 * survives a reload, a new tab and the way to /register and back.
 */
export const NEXT_PARAM = 'next'

/** Longer than any page of the app's; a longer value is not one of ours. */
const MAX_NEXT_LENGTH = 2000

/** Pages that are a step of signing in, never a place to return to. */
const AUTH_PAGES: readonly string[] = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword]

/**
 * The in-app path (path, search and hash) that `raw` names, or null when it is not one: only a
 * path of this origin is followed, so a crafted link cannot send someone who just signed in to
 * another site. A single leading "/" is required; "//host" and "/\host" (which browsers read as
 * another host), schemes, control characters and backslashes are refused, and what is left must
 * still resolve to this origin.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_NEXT_LENGTH) return null
  if (raw[0] !== '/' || raw[1] === '/' || raw.includes('\\')) return null
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null
  const origin = window.location.origin
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return null
  }
  if (url.origin !== origin || AUTH_PAGES.includes(url.pathname)) return null
  return url.pathname + url.search + url.hash
}

/** Where to go once signed in: the safe `next` of search, or the spec's default, the dashboard. */
export function afterSignIn(search: URLSearchParams): string {
  return safeNextPath(search.get(NEXT_PARAM)) ?? paths.dashboard
}

/** `page` (e.g. /login or /register?type=startup) carrying next when it is a safe path; `page` alone otherwise. */
export function withNext(page: string, next: string | null | undefined): string {
  const safe = safeNextPath(next)
  if (!safe) return page
  return `${page}${page.includes('?') ? '&' : '?'}${new URLSearchParams({ [NEXT_PARAM]: safe })}`
}

/** /login, returning to `next` after sign-in. */
export function loginPath(next: string | null | undefined): string {
  return withNext(paths.login, next)
}
