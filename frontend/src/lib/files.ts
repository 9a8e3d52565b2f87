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

/**
 * Whether a typed link holds what no URL may (RFC 3986; the server's backend/weblink refuses the
 * same): spaces and other separators, control and invisible format characters, `"`, `<`, `>`,
 * `\`, `^`, backtick, `{`, `|`, `}`, or a "%" that starts no escape. `new URL` would quietly
 * percent-encode them, and the server would refuse the link the user typed.
 */
export function hasCharactersNoUrlHolds(value: string): boolean {
  return /[\p{C}\p{Z}"<>\\^`{|}]|%(?![0-9A-Fa-f]{2})/u.test(value)
}

/** Spec §9: résumés up to 5 MB; images share the limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

/**
 * The API hands out résumé links signed for 15 minutes (docs/security.md, "Privacy"). Queries
 * whose answers carry one refetch every 10 minutes, in a background tab too, so a View Resume
 * link on a page left open still opens.
 */
export const signedLinkRefresh = { refetchInterval: 10 * 60_000, refetchIntervalInBackground: true } as const

/** Saves a file the API sent (a certificate, a receipt) as `filename`, as a download link would. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = filename
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
