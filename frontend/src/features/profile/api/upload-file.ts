import { api } from '@/lib/api-client'
import type { components } from '@/types/api.gen'

/** The upload endpoints and the multipart field each reads (spec §7). */
export type UploadKind = 'avatar' | 'resume'

export type UploadResponse = components['schemas']['UploadResult']

/** POST /api/uploads/{kind} with the file in field {kind} → {url} (a /api/files/… path). */
export function uploadFile(kind: UploadKind, file: File): Promise<UploadResponse> {
  const form = new FormData()
  form.append(kind, file)
  return api.post<UploadResponse>(`/uploads/${kind}`, form)
}
