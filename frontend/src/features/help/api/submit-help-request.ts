import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type HelpRequestInput = { phone: string; email: string }
export type HelpRequestResponse = { message: string }

/** POST /api/help → 201 {message}. Any non-OK answer is an error. */
export function submitHelpRequest(input: HelpRequestInput): Promise<HelpRequestResponse> {
  return api.post<HelpRequestResponse>('/help', input)
}

export function useSubmitHelpRequest(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: submitHelpRequest,
    onSuccess: () => options.onSuccess?.(),
    onError: (error) => options.onError?.(error),
  })
}
