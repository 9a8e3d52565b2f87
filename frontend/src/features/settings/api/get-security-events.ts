import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import type { AuditEntry } from '@/lib/audit'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/me/security-events → the caller's 20 newest sign-ins, failed sign-ins, password and session changes. */
export async function getSecurityEvents(): Promise<AuditEntry[]> {
  return (await api.getPage<AuditEntry>('/me/security-events', { perPage: MAX_PER_PAGE })).items
}

export function useSecurityEvents() {
  return useQuery({ queryKey: queryKeys.securityEvents, queryFn: getSecurityEvents, staleTime: 0 })
}
