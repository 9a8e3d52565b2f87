import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { UnsubscribeResult } from './types'

/**
 * POST /api/unsubscribe?token= (no body, no sign-in) → 200 what was turned off; 400 "This
 * unsubscribe link is not valid." A POST, never a GET: mail scanners follow links.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post<UnsubscribeResult>('/unsubscribe', undefined, { query: { token }, redirectOnUnauthorized: false })
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe })
}
