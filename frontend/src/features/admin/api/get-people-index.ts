import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { displayName } from '@/lib/user'
import type { User } from '@/types/api'

export type KnownPerson = { id: string; name: string; kind: 'student' | 'startup' }

/**
 * Names for the ids on the audit trail: the newest 100 students and 100 startups (one page of
 * each). Anyone further back shows as their id; the admin is the one signed in.
 */
export async function getPeopleIndex(): Promise<Map<string, KnownPerson>> {
  const [students, startups] = await Promise.all([
    api.getPage<User>('/admin/students', { page: 1, perPage: MAX_PER_PAGE }),
    api.getPage<User>('/admin/startups', { page: 1, perPage: MAX_PER_PAGE }),
  ])
  const index = new Map<string, KnownPerson>()
  for (const u of students.items) index.set(u._id, { id: u._id, name: displayName(u), kind: 'student' })
  for (const u of startups.items) index.set(u._id, { id: u._id, name: displayName(u), kind: 'startup' })
  return index
}

export function usePeopleIndex() {
  return useQuery({ queryKey: [...queryKeys.admin.all, 'people-index'], queryFn: getPeopleIndex, staleTime: 60_000 })
}
