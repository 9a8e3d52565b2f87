import { useMutation } from '@tanstack/react-query'
import { api, type Paged } from '@/lib/api-client'
import type { AuditEntry } from '@/lib/audit'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'
import { ADMIN_PER_PAGE } from './types'

export type AuditReport = components['schemas']['AuditReport']

/** The admin's filters of the trail: who (an actor's user id), what (a kind), from and to (dates). */
export type AuditFilters = { actor: string; type: string; from: string; to: string }

/** GET /api/admin/audit?actor=&type=&from=&to=&page= → one page of the trail, newest first. */
export function getAuditEntries(filters: AuditFilters, page: number): Promise<Paged<AuditEntry>> {
  return api.getPage<AuditEntry>('/admin/audit', { page, perPage: ADMIN_PER_PAGE, query: filters })
}

export function useAuditEntries(filters: AuditFilters, page: number) {
  return usePagedQuery({
    queryKey: queryKeys.admin.audit({ ...filters, page }),
    queryFn: () => getAuditEntries(filters, page),
  })
}

/** GET /api/admin/audit/verify: walks the hash chain from the first entry. A button asks, so a mutation. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => api.get<AuditReport>('/admin/audit/verify') })
}
