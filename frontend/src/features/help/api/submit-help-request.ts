import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components, paths } from '@/types/api.gen'

export type HelpRequestInput = NonNullable<paths['/api/help']['post']['requestBody']>['content']['application/json']
export type HelpRequestResponse = components['schemas']['Message']

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
