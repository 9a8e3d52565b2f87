import { useMutation, useQuery } from '@tanstack/react-query'
import { API_BASE_PATH } from '@/config/env'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/** What POST /api/credentials/verify answers: everything but verified and errors is null (or empty) unless it verified. */
export type CredentialVerification = components['schemas']['CredentialVerification']

/** Where anyone downloads a certificate's signed credential (Open Badges 3.0) and its baked badge. */
export const credentialPath = (number: string) => `${API_BASE_PATH}/certificates/${encodeURIComponent(number)}/credential`
export const badgePath = (number: string) => `${API_BASE_PATH}/certificates/${encodeURIComponent(number)}/badge.png`

/** POST /api/credentials/verify (public): a credential's JSON, a baked badge or a certificate PDF, sent as it is. */
export function verifyCredentialFile(file: Blob): Promise<CredentialVerification> {
  return api.post<CredentialVerification>('/credentials/verify', file)
}

/** The "Verify a file" drop zone's check; a file that holds no credential fails with the server's 400 message. */
export function useVerifyCredentialFile() {
  return useMutation({ mutationFn: verifyCredentialFile })
}

/** The certificate's own credential, downloaded and verified as anyone could: the page's signature check. */
export async function checkCertificateCredential(number: string): Promise<CredentialVerification> {
  const credential = await api.get<string>(`/certificates/${encodeURIComponent(number)}/credential`, { responseType: 'text' })
  return verifyCredentialFile(new Blob([credential], { type: 'application/vc' }))
}

export function useCertificateCredentialCheck(number: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.certificates.credential(number),
    queryFn: () => checkCertificateCredential(number),
    enabled: options.enabled,
  })
}
