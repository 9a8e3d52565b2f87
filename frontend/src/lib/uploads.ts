import type { components } from '@/types/api.gen'
import { api } from './api-client'

/** What a file is uploaded for, and the multipart field its endpoint reads (spec §7). */
const fieldOf = { avatar: 'avatar', resume: 'resume', 'task-image': 'image' } as const

export type UploadKind = keyof typeof fieldOf

/** POST /api/uploads/{kind} with the file in its field → the stored file's URL (/api/files/…). */
export async function uploadFile(kind: UploadKind, file: File): Promise<string> {
  const form = new FormData()
  form.append(fieldOf[kind], file)
  const { url } = await api.post<components['schemas']['UploadResult']>(`/uploads/${kind}`, form)
  return url
}
