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

/** Whether the author may still change it (ratings are fixed 14 days after they are given). */
export function isEditable(rating: Pick<Rating, 'editableUntil'>, now = Date.now()): boolean {
  const until = new Date(rating.editableUntil).getTime()
  return Number.isFinite(until) && until > now
}
