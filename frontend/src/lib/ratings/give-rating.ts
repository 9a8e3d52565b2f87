import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Rating } from './my-ratings'

/** What the rate form sends: 1 to 5 stars and an optional comment. */
export type RatingValues = { stars: number; comment: string }

/**
 * A startup rates the student of `studentId` on its task; a student rates the task's startup and
 * names themselves as `studentId`.
 */
export type GiveRatingInput = RatingValues & { taskId: string; studentId: string }

/** POST /api/ratings: 201 the rating (hidden from the other side until both rated); 409 once the window closed. */
export function giveRating(input: GiveRatingInput): Promise<Rating> {
  return api.post<Rating>('/ratings', input)
}

/** PUT /api/ratings/{id}: the author, while the rating is hidden (fixed once visible). */
export function editRating({ id, ...values }: RatingValues & { id: string }): Promise<Rating> {
  return api.put<Rating>(`/ratings/${encodeURIComponent(id)}`, values)
}

/** After a rating is given or changed: the caller's ratings and the reviews shown on profiles. */
function useRefreshRatings() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
    ])
}

export function useGiveRating() {
  const refresh = useRefreshRatings()
  return useMutation({ mutationFn: giveRating, onSuccess: refresh })
}

export function useEditRating() {
  const refresh = useRefreshRatings()
  return useMutation({ mutationFn: editRating, onSuccess: refresh })
}
