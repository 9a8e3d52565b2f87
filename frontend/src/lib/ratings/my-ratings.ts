import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/** A rating as the API sends it; `visible` is false while the other side has not rated yet. */
export type Rating = components['schemas']['Rating']

/** A user gives few ratings; the pages are walked up to this many. */
const MAX_PAGES = 10

/** GET /api/me/ratings: every rating the caller gave, hidden ones too, newest first. */
export async function getMyRatings(): Promise<Rating[]> {
  const ratings: Rating[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.getPage<Rating>('/me/ratings', { page, perPage: MAX_PER_PAGE })
    ratings.push(...answer.items)
    if (!answer.hasNext) break
  }
  return ratings
}

/** The ratings the signed-in student or startup gave (the key and fetch of `useMyRatings`). */
export const myRatingsQuery = queryOptions({ queryKey: queryKeys.ratings.mine, queryFn: getMyRatings })

/** The ratings the signed-in student or startup gave; one query for every rating panel on screen. */
export function useMyRatings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myRatingsQuery, enabled: options.enabled ?? true })
}

/** The caller's rating of `rateeId` for the work on `taskId`, if they gave one. */
export function findMyRating(ratings: Rating[] | undefined, taskId: string, rateeId: string): Rating | undefined {
  return ratings?.find((r) => r.taskId === taskId && r.rateeId === rateeId)
}

/**
 * Whether the author may still change it: only while it is hidden, since once visible the other
 * side's rating is too (the server's `editableUntil` is that moment).
 */
export function isEditable(rating: Pick<Rating, 'editableUntil' | 'visible'>, now = Date.now()): boolean {
  return !rating.visible && isBefore(now, rating.editableUntil)
}

/**
 * Whether a rating of approved work may still be given: until the submission's `ratingClosesAt`
 * (14 days after the approval, when the ratings are visible); not when the server sent none.
 */
export function isRatingOpen(closesAt: string | undefined, now = Date.now()): boolean {
  return closesAt !== undefined && isBefore(now, closesAt)
}

function isBefore(now: number, moment: string): boolean {
  const at = new Date(moment).getTime()
  return Number.isFinite(at) && now < at
}
