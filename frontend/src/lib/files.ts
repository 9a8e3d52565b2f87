/**
 * Links users typed or uploaded, made safe to put in an href. Spec §3: a résumé is a path or a
 * URL, and a path not starting with http is prefixed with the API host (here the app's own
 * origin, which serves /api). Anything else — javascript:, data:, relative junk — gives null, so
 * a stored value can never become a script link.
 */
export function fileHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  if (/^https?:\/\//i.test(trimmed)) return webHref(trimmed)
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    const origin = typeof window !== 'undefined' ? window.location.origin : ''
    return `${origin}${trimmed}`
  }
  return null
}

/** An http(s) URL as typed (project links, submission links), or null for any other scheme. */
export function webHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  try {
    const url = new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Spec §9: résumés up to 5 MB; images share the limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
