import { useQuery } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Certificate } from './types'

export type Verification = { valid: true; certificate: Certificate } | { valid: false }

/** GET /api/certificates/verify/{number} (public): a 404 means no genuine certificate has it. */
export async function verifyCertificate(number: string): Promise<Verification> {
  try {
    return await api.get<Verification>(`/certificates/verify/${encodeURIComponent(number)}`)
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { valid: false }
    throw error
  }
}

export function useVerifyCertificate(number: string) {
  return useQuery({ queryKey: queryKeys.certificates.verify(number), queryFn: () => verifyCertificate(number) })
}
