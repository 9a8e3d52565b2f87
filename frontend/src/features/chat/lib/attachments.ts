import type { ChatAttachment, ChatMessage } from '../api/types'

/** The most files one message may carry (backend/chat MaxAttachments). */
export const MAX_ATTACHMENTS = 5

/** Images are shown in the bubble; anything else (PDFs) is a download link. */
export function isImage(attachment: Pick<ChatAttachment, 'type'>): boolean {
  return attachment.type.startsWith('image/')
}

/** A file size as people read it: 512 B, 14 KB, 2.3 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** One line for a message in a list: its text, or the names of its files when it has none. */
export function messagePreview(message: Pick<ChatMessage, 'content' | 'attachments'>): string {
  if (message.content || message.attachments.length === 0) return message.content
  return `📎 ${message.attachments.map((a) => a.name).join(', ')}`
}
