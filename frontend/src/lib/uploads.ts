import type { components } from '@/types/api.gen'
import { api } from './api-client'

/** What a file is uploaded for, and the multipart field its endpoint reads (spec §7). */
const fieldOf = { avatar: 'avatar', resume: 'resume', 'task-image': 'image', chat: 'file' } as const

export type UploadKind = keyof typeof fieldOf

/** A file stored for a chat message: its signed link, stored name, detected type and size. */
export type ChatUpload = components['schemas']['ChatUpload']

function formOf(kind: UploadKind, file: File): FormData {
  const form = new FormData()
  form.append(fieldOf[kind], file, file.name)
  return form
}

/** POST /api/uploads/{kind} with the file in its field → the stored file's URL (/api/files/…). */
export async function uploadFile(kind: Exclude<UploadKind, 'chat'>, file: File): Promise<string> {
  const { url } = await api.post<components['schemas']['UploadResult']>(`/uploads/${kind}`, formOf(kind, file))
  return url
}

/** POST /api/uploads/chat → the stored file, to name in a message's attachments. */
export function uploadChatFile(file: File): Promise<ChatUpload> {
  return api.post<ChatUpload>('/uploads/chat', formOf('chat', file))
}

/** The types POST /api/uploads/chat accepts (by content; backend/uploads rules), for a file input's accept. */
export const CHAT_FILE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,application/pdf'
