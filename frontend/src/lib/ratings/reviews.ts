import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/** A rating as a review on a profile: stars, comment, the task's title, who gave it, the startup's answer. */
export type Review = components['schemas']['Rating']

/** A user's average and count over the visible ratings; `average` is null below 3 of them. */
export type RatingSummary = components['schemas']['RatingSummary']

/** Reviews on a profile, a few at a time. */
export const REVIEWS_PER_PAGE = 5

/** The longest answer the server takes. */
export const MAX_ANSWER_LENGTH = 1000

/** GET /api/users/{id}/ratings → one page of the visible ratings about a user, newest first. */
export function getUserReviews(userId: string, page: number): Promise<Paged<Review>> {
  return api.getPage<Review>(`/users/${encodeURIComponent(userId)}/ratings`, { page, perPage: REVIEWS_PER_PAGE })
}

export function useUserReviews(userId: string, page: number) {
  return usePagedQuery({
    queryKey: queryKeys.reviews.page(userId, page),
    queryFn: () => getUserReviews(userId, page),
    enabled: Boolean(userId),
  })
}

/** POST /api/ratings/{id}/answer: the rated startup answers a review once it is visible. */
export function answerReview(ratingId: string, answer: string): Promise<Review> {
  return api.post<Review>(`/ratings/${encodeURIComponent(ratingId)}/answer`, { answer })
}

export function useAnswerReview(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ratingId, answer }: { ratingId: string; answer: string }) => answerReview(ratingId, answer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.user(userId) }),
  })
}
