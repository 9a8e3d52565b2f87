// The answers the boot script (scripts/boot-script.mjs) asked for before the app's entry had
// arrived: the session check and, on a dashboard, its data. The API client takes one instead of
// sending the same request again (docs/performance.md, "Web app: first load and LCP").

type EarlyRequests = {
  /** The token the requests carried. */
  token: string
  /** When they were sent (Date.now()). */
  at: number
  /** By URL (path and query, as the API client builds it). */
  responses: Record<string, Promise<Response> | undefined>
}

declare global {
  interface Window {
    __bwEarly?: EarlyRequests
  }
}

/**
 * How long an early answer may stand in for a request of the app: they are meant for its first
 * requests, not for a refetch long after (the app's own first requests come within seconds).
 */
export const EARLY_MAX_AGE_MS = 30_000

/**
 * The boot script's response for `url` (path and query) if it sent that request with `token`,
 * and not too long ago; each is handed out once. Undefined when there is none: send it yourself.
 */
export function takeEarlyResponse(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined
  const early = window.__bwEarly
  if (!early || !token) return undefined
  if (early.token !== token || now - early.at > EARLY_MAX_AGE_MS) {
    // A new session or a late request: none of them will ever fit again.
    delete window.__bwEarly
    return undefined
  }
  const response = early.responses[url]
  delete early.responses[url]
  return response
}
