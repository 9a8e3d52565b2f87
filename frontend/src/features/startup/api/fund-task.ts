import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { openExternal } from '@/lib/navigation'
import type { StripeRedirect } from '@/lib/payments/types'

/** POST /api/startup/tasks/{id}/funding: Stripe Checkout for the task's pay (Stripe mode). */
export function fundTask(taskId: string): Promise<StripeRedirect> {
  return api.post<StripeRedirect>(`/startup/tasks/${encodeURIComponent(taskId)}/funding`)
}

/** Fund this task: the browser goes to Stripe Checkout, which sends the startup back. */
export function useFundTask(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: fundTask, onSuccess: ({ url }) => openExternal(url), onError: options.onError })
}
