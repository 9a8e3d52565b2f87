import { api } from '@/lib/api-client'

/** POST /api/uploads/task-image (multipart field `image`, images only, 5 MB) → {url}. */
export async function uploadTaskImage(file: File): Promise<string> {
  const body = new FormData()
  body.append('image', file)
  const { url } = await api.post<{ url: string }>('/uploads/task-image', body)
  return url
}
