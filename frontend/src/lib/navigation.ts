// Code outside the router's tree (a toast raised by a live event) moves through the app's router
// here; the app registers it at start, as it registers the unauthorized handler (api-client.ts).

type Navigate = (to: string) => void

// Before the app registers its router (or in a test without one), a plain page load still gets there.
const loadPage: Navigate = (to) => window.location.assign(to)
let navigator: Navigate = loadPage

/** Sets how navigateTo moves; returns the function that takes it back. */
export function setNavigator(navigate: Navigate): () => void {
  navigator = navigate
  return () => {
    if (navigator === navigate) navigator = loadPage
  }
}

/** Goes to an in-app path, e.g. "/tasks?search=Logo". */
export function navigateTo(to: string): void {
  navigator(to)
}

/**
 * Leaves the app for a page elsewhere the server handed out (Stripe's onboarding or checkout).
 * Only a web address is followed: anything else (a `javascript:` URL) is refused.
 */
export function openExternal(url: string): void {
  const target = new URL(url, window.location.origin)
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Not a web address: ${url}`)
  window.location.assign(target.toString())
}
