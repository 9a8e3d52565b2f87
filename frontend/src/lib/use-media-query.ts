import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether `query` (a CSS media query) matches now, following changes (a rotated phone, a resized
 * window). Where matchMedia is missing it never matches.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches)
}

/** Below Tailwind's `sm` breakpoint (640 px): a phone held upright. */
export const PHONE_QUERY = '(max-width: 639.98px)'
